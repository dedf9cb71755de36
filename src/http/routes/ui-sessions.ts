import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import type { User } from '../../domain/users.js';
import { sameSecret } from '../../services/api-key-service.js';
import { KNOWN_DEVICE_MAX_AGE_S } from '../../services/known-devices.js';
import type { Client, SignedIn } from '../../services/user-service.js';
import { cookiesOf, setCookie } from '../cookies.js';
import { ok } from '../envelope.js';
import { bearerToken, callerOf, CASHIER_TOO, OWN_MODE } from '../plugins/auth.js';
import { iso } from '../presenters/session-presenter.js';
import { DateTime, Envelope, errorResponses } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const tags = ['UI sign-in'];

/** The header the Electron window sends with its per-launch token (docs/api.md, "UI sessions"). */
export const APP_TOKEN_HEADER = 'stablepos-app-token';

const UserOut = Type.Object({
  id: Type.String({ examples: ['usr_…'] }),
  name: Type.String(),
  role: Type.String({ enum: ['owner', 'cashier'] }),
});

const UiSessionOut = Type.Object({
  object: Type.Literal('ui_session'),
  user: UserOut,
  expires_at: DateTime,
});

const SignedInOut = Type.Object({
  object: Type.Literal('ui_session'),
  token: Type.String({ description: 'Bearer token of this sign-in (`uit_…`): send it as `Authorization: Bearer …`. Shown once.' }),
  user: UserOut,
  expires_at: Type.String({ description: 'When the sign-in ends if unused; each use moves it on (owner 8 h, cashier 12 h by default).' }),
});

const Pin = Type.String({ minLength: 1, maxLength: 32, description: '4–12 digits.' });

const SetupBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40 }),
    pin: Pin,
    setup_code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        examples: ['7KQ2-M9XD-4RTB'],
        description: 'The one-time code `stablepos serve` prints when it starts on a shop without an owner (or `stablepos users setup-code`); case, spaces and dashes do not count. Not needed from the desktop app\'s own window.',
      }),
    ),
  },
  { additionalProperties: false },
);
const SignInBody = Type.Object(
  { user: Type.String({ minLength: 1, maxLength: 100, description: 'The user\'s name (any case) or id.' }), pin: Pin },
  { additionalProperties: false },
);

const presentUser = (u: User) => ({ id: u.id, name: u.name, role: u.role });
const presentSignedIn = (s: SignedIn) => ({ object: 'ui_session' as const, token: s.token, user: presentUser(s.user), expires_at: iso(s.expiresAt) });

/**
 * In the Electron app only its own window may sign in: it proves it with the per-launch token the
 * preload hands it. Without a configured token (headless `serve`), any client may.
 * @returns whether the request came from the desktop app's own window
 */
function requireAppWindow(services: HttpServices, request: FastifyRequest): boolean {
  if (services.uiAppToken === undefined) return false;
  const presented = request.headers[APP_TOKEN_HEADER];
  if (typeof presented !== 'string' || !sameSecret(presented, services.uiAppToken)) {
    throw new ApiError('api_key_invalid', 'This app accepts PIN sign-in only from its own window.');
  }
  return true;
}

/** The request as the PIN lockout and the staff list see it (docs/security.md, "PIN sign-in lockout"). */
export function clientOf(services: HttpServices, request: FastifyRequest): Client {
  const presented = request.headers[APP_TOKEN_HEADER];
  const appWindow = services.uiAppToken !== undefined && typeof presented === 'string' && sameSecret(presented, services.uiAppToken);
  return { address: request.ip, appWindow, cookies: cookiesOf(request) };
}

/** A sign-in's answer; the browser is told it is now a device known for the user. */
function signedInReply(reply: FastifyReply, signedIn: SignedIn) {
  if (signedIn.knownDevice) setCookie(reply, signedIn.knownDevice, KNOWN_DEVICE_MAX_AGE_S);
  return ok(presentSignedIn(signedIn));
}

/** Public: whether the shop has an owner yet, the first owner's creation, and PIN sign-in. */
export const uiPublicRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  const merchantId = async () => (await services.merchants.defaultMerchant()).id;

  app.get('/v1/ui/setup', {
    schema: {
      tags,
      summary: 'Whether the app still needs its first owner',
      description: 'Public. While `needs_owner` is true the UI asks for the first owner\'s name and PIN.',
      security: [],
      response: { 200: Envelope(Type.Object({ needs_owner: Type.Boolean() })) },
    },
  }, async () => ok({ needs_owner: !await services.users.hasOwner((await merchantId())) }));

  app.post('/v1/ui/setup', {
    schema: {
      tags,
      summary: 'Create the first owner and sign in (only while there is no owner)',
      description:
        'Public, but only with the one-time `setup_code` that `stablepos serve` prints when it starts on a shop without an owner ' +
        '(400 `parameter_missing` / `parameter_invalid`, `param: "setup_code"`, without the current one), or from the desktop app\'s own window ' +
        '(its per-launch token; 401 without it there): nobody else who reaches the app, through a proxy or not, can claim the shop. ' +
        '409 `invalid_state` once an owner exists.',
      security: [],
      body: SetupBody,
      response: { 200: Envelope(SignedInOut), ...errorResponses(401, 409) },
    },
  }, async (request, reply) => {
    const fromAppWindow = requireAppWindow(services, request);
    const { name, pin, setup_code: setupCode } = request.body;
    return signedInReply(reply, await services.users.setupOwner(await merchantId(), { name, pin, setupCode }, fromAppWindow));
  });

  app.get('/v1/ui/staff', {
    schema: {
      tags,
      summary: 'The staff who may sign in, for the sign-in screen\'s picker (names and roles only), to known devices only',
      description:
        'Public, like the sign-in itself, but the list is given only to a device that has signed in before (it holds a known-device cookie ' +
        'for one of the staff, set by a sign-in) and to the desktop app\'s own window; anybody else gets an empty list and types a name. ' +
        'It lists first names and roles, never ids or anything else; a PIN is still needed (docs/security.md, "Staff names on the sign-in screen").',
      security: [],
      response: { 200: Envelope(Type.Object({ items: Type.Array(Type.Object({ name: Type.String(), role: Type.String({ enum: ['owner', 'cashier'] }) })) })), ...errorResponses(401) },
    },
  }, async (request) => {
    requireAppWindow(services, request);
    const staff = (await services.users.staffFor(await merchantId(), clientOf(services, request))).map((u) => ({ name: u.name, role: u.role }));
    // Cashiers first (they sign in most), then owners; by name within each.
    staff.sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name) : a.role === 'cashier' ? -1 : 1));
    return ok({ items: staff });
  });

  app.post('/v1/ui/sessions', {
    schema: {
      tags,
      summary: 'Sign in to the UI with a name and a PIN',
      description:
        'Public. A wrong PIN and an unknown name get the same 401 `api_key_invalid` ("Wrong name or PIN."). Failures are counted per user on a device ' +
        'that signed in as them before (its known-device cookie), which strangers cannot lock; elsewhere per name and address (5 in a row lock for 30 s, ' +
        'doubling up to 1 h), per address (10) and per name across all such devices (20, doubling up to 24 h): 429 `rate_limited` with `Retry-After` ' +
        '(docs/security.md, "PIN sign-in lockout"). A success sets the cookie `stablepos_known_<user id>` (HttpOnly, SameSite=Strict, Path=/v1/ui, a year).',
      security: [],
      body: SignInBody,
      response: { 200: Envelope(SignedInOut), ...errorResponses(401) },
    },
  }, async (request, reply) => {
    requireAppWindow(services, request);
    return signedInReply(reply, await services.users.signIn(await merchantId(), request.body, clientOf(services, request)));
  });
};

/** Authenticated: who is signed in, and signing out. */
export const uiSessionRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  const notUi = () => new ApiError('invalid_state', 'The bearer is an API key, not a UI sign-in (revoke keys with "stablepos keys revoke").');

  app.get('/v1/ui/sessions/current', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'The signed-in user and when the sign-in ends if unused',
      response: { 200: Envelope(UiSessionOut), ...errorResponses(409) },
    },
  }, async (request) => {
    callerOf(request);
    const current = await services.users.describe(bearerToken(request) ?? '');
    if (!current) throw notUi();
    return ok({ object: 'ui_session' as const, user: presentUser(current.user), expires_at: iso(current.expiresAt) });
  });

  app.patch('/v1/ui/sessions/current', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Switch this sign-in between test and live mode (owner)',
      description:
        'Everything this sign-in reads and creates afterwards is of that mode; the app shows a banner in test mode. ' +
        'Switching to live asks for the signed-in owner\'s `pin` again (400 `parameter_missing` / `parameter_invalid` with `param: "pin"`; ' +
        'wrong PINs count towards the sign-in lockout, 429 `rate_limited`). Switching to test needs no PIN.',
      body: Type.Object({ livemode: Type.Boolean(), pin: Type.Optional(Pin) }, { additionalProperties: false }),
      response: { 200: Envelope(Type.Object({ object: Type.Literal('ui_session'), livemode: Type.Boolean() })), ...errorResponses(409) },
    },
  }, async (request) => {
    await services.users.switchMode(callerOf(request), request.body.livemode, request.body.pin, clientOf(services, request));
    return ok({ object: 'ui_session' as const, livemode: request.body.livemode });
  });

  app.post('/v1/ui/pin', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Change the signed-in user\'s own PIN (current PIN + new PIN); their other sign-ins end',
      description:
        'Any signed-in user, owner or cashier, in either mode: the current PIN proves it is them, as a new sign-in would. ' +
        'A wrong `current_pin` is 400 `parameter_invalid` and counts towards the sign-in lockout (429 `rate_limited`); a weak `new_pin`, or the current one again, is 400 `parameter_invalid` (`param: "new_pin"`). ' +
        'Every other sign-in of the user ends at once (401 there); this one stays. An API key has no PIN: 409 `invalid_state`.',
      body: Type.Object({ current_pin: Pin, new_pin: Pin }, { additionalProperties: false }),
      response: { 200: Envelope(Type.Object({ object: Type.Literal('ui_session'), user: UserOut, pin_changed: Type.Literal(true) })), ...errorResponses(409) },
    },
  }, async (request) => {
    const user = await services.users.changeOwnPin(callerOf(request), { currentPin: request.body.current_pin, newPin: request.body.new_pin }, clientOf(services, request));
    return ok({ object: 'ui_session' as const, user: presentUser(user), pin_changed: true as const });
  });

  app.delete('/v1/ui/sessions/current', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Sign out: the token stops working at once',
      response: { 200: Envelope(Type.Object({ object: Type.Literal('ui_session'), signed_out: Type.Literal(true) })), ...errorResponses(409) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    if (caller.uiSessionId === undefined) throw notUi();
    await services.users.signOut(caller.uiSessionId);
    return ok({ object: 'ui_session' as const, signed_out: true as const });
  });
};
