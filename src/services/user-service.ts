import { createHash } from 'node:crypto';
import { ApiError, invalidParam } from '../domain/errors.js';
import { newId, randomBase62 } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import { decoyPinHash, hashPin, verifyPin } from '../domain/pin.js';
import { normalizeSetupCode } from '../domain/setup-code.js';
import { isRole, nameKey, nameProblem, pinProblem, type Role, type StoredUser, type User } from '../domain/users.js';
import type { SettingsStore } from './network-settings.js';
import type { Clock, UnitOfWork, UserStore } from './ports.js';
import { type DeviceCookie, KnownDevices } from './known-devices.js';
import { SetupCodes } from './setup-codes.js';
import { type AttemptFrom, SignInGuard } from './sign-in-guard.js';

/** `uit_` + 32 base62 characters: ~190 random bits. */
const TOKEN_PATTERN = /^uit_[0-9A-Za-z]{32}$/;
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A session's expiry moves with use, but the database is written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

const HOUR_MS = 3_600_000;
/** Default inactivity limits: an owner's session is the more powerful, so it lapses sooner. */
export const DEFAULT_UI_IDLE_MS: Record<Role, number> = { owner: 8 * HOUR_MS, cashier: 12 * HOUR_MS };

export interface SignedIn {
  token: string;
  user: User;
  expiresAt: number;
  /** The cookie that makes the browser a known device for the user (not for the desktop app's window). */
  knownDevice?: DeviceCookie;
}

/** Who is asking, as far as the PIN lockout and the staff list care (docs/security.md, "PIN sign-in lockout"). */
export interface Client {
  /** The client address the instance sees. */
  address: string;
  /** The request carries the desktop app's per-launch token: it is the app's own window, on its own machine. */
  appWindow: boolean;
  /** The request's cookies (the known-device cookies among them). */
  cookies: Readonly<Record<string, string>>;
}

/** The desktop app's window: a device known for every user (only the app's own machine has it). */
const APP_WINDOW = 'app-window';

export interface UserServiceOptions {
  store: UserStore;
  /** Where the first owner's setup code is kept. */
  settings: SettingsStore;
  tx: UnitOfWork;
  now: Clock;
  /** The mode the app's own UI works in: every UI caller has it. */
  uiLivemode: boolean;
  /** Inactivity after which a UI session ends, per role. */
  idleMs?: Partial<Record<Role, number>>;
}

const publicUser = (u: StoredUser): User => ({ id: u.id, merchantId: u.merchantId, name: u.name, role: u.role, createdAt: u.createdAt, disabledAt: u.disabledAt });

/** The message for every failed sign-in: an unknown name and a wrong PIN must look the same. */
const WRONG = 'Wrong name or PIN.';

/**
 * Staff users (owner, cashier) and their UI sessions: adding and removing users (the CLI), the
 * first owner (first start), PIN sign-in with lockout, and turning a UI session token into a Caller.
 */
export class UserService {
  private readonly guard: SignInGuard;
  private readonly setupCodes: SetupCodes;
  private readonly devices: KnownDevices;
  private readonly idleMs: Record<Role, number>;

  constructor(private readonly o: UserServiceOptions) {
    this.guard = new SignInGuard({ store: o.store, tx: o.tx, now: o.now });
    this.setupCodes = new SetupCodes(o.settings, o.now);
    this.devices = new KnownDevices({ settings: o.settings, tx: o.tx, now: o.now });
    this.idleMs = { ...DEFAULT_UI_IDLE_MS, ...o.idleMs };
  }

  async hasOwner(merchantId: string): Promise<boolean> {
    return await this.o.store.countActiveOwners(merchantId) > 0;
  }

  async list(merchantId: string): Promise<User[]> {
    return (await this.o.store.listActive(merchantId)).map(publicUser);
  }

  /**
   * The staff to show on the sign-in screen's picker: all of them to the desktop app's own window and
   * to a device known for one of them, none to anybody else (who types a name).
   */
  async staffFor(merchantId: string, client: Client): Promise<User[]> {
    const staff = await this.list(merchantId);
    if (client.appWindow || (await this.devices.knownForAny(staff.map((u) => u.id), client.cookies))) return staff;
    return [];
  }

  /**
   * Adds a user.
   * @throws ApiError `parameter_invalid` (param `name`, `pin` or `role`) for a bad or taken name, a weak PIN, an unknown role.
   */
  async add(merchantId: string, input: { name: string; role: string; pin: string }): Promise<User> {
    const { name, role, hash } = await this.prepare(input);
    return await this.o.tx(async () => await this.insert(merchantId, name, role, hash));
  }

  /**
   * Creates the first owner and signs them in, only while the merchant has no owner, and only from the
   * desktop app's own window (`fromAppWindow`: its per-launch token was checked) or with the current
   * setup code (docs/security.md, "The first owner"): a loopback address proves nothing behind a proxy.
   * @throws ApiError `invalid_state` once an owner exists; `parameter_missing` / `parameter_invalid`
   *   (`setup_code`) without the right code.
   */
  async setupOwner(merchantId: string, input: { name: string; pin: string; setupCode?: string | undefined }, fromAppWindow: boolean): Promise<SignedIn> {
    if (await this.hasOwner(merchantId)) throw ownerExists();
    if (!fromAppWindow) await this.checkSetupCode(input.setupCode);
    const { name, role, hash } = await this.prepare({ ...input, role: 'owner' });
    // Checked again inside the write: two setups racing through the hashing cannot both win.
    const user = await this.o.tx(async () => {
      if (await this.hasOwner(merchantId)) throw ownerExists();
      const owner = await this.insert(merchantId, name, role, hash);
      await this.setupCodes.spend();
      return owner;
    });
    const signedIn = await this.openSession(user);
    return fromAppWindow ? signedIn : { ...signedIn, knownDevice: await this.devices.issue(user.id) };
  }

  /**
   * A new one-time setup code for the first owner (`stablepos serve` on a shop without an owner, and
   * `stablepos users setup-code`); the one before stops working.
   * @throws ApiError `invalid_state` once an owner exists.
   */
  async newSetupCode(merchantId: string): Promise<string> {
    if (await this.hasOwner(merchantId)) throw ownerExists();
    return await this.setupCodes.issue();
  }

  private async checkSetupCode(code: string | undefined): Promise<void> {
    if (code === undefined || normalizeSetupCode(code) === '') {
      throw new ApiError('parameter_missing', `Enter the setup code: ${WHERE_THE_CODE_IS}`, 'setup_code');
    }
    if (!await this.setupCodes.matches(code)) throw new ApiError('parameter_invalid', `That setup code is not the current one: ${WHERE_THE_CODE_IS}`, 'setup_code');
  }

  /**
   * Removes a user by name or id: they can no longer sign in and their sessions end at once.
   * @throws ApiError `resource_missing` for no such user, `invalid_state` for the last owner.
   */
  async remove(merchantId: string, ref: string): Promise<User> {
    return await this.o.tx(async () => {
      const user = await this.find(merchantId, ref);
      if (!user) throw new ApiError('resource_missing', `No such user: '${ref}'`, 'user');
      if (user.role === 'owner' && await this.o.store.countActiveOwners(merchantId) <= 1) {
        throw new ApiError('invalid_state', `'${user.name}' is the last owner; add another owner before removing this one.`);
      }
      const now = this.o.now();
      await this.o.store.disable(user.id, now);
      return { ...publicUser(user), disabledAt: now };
    });
  }

  /**
   * Checks a name (or user id) and PIN from `client` and opens a UI session; the browser becomes a
   * device known for the user (`knownDevice`, a cookie to set).
   * @throws ApiError `api_key_invalid` (401) for an unknown user or a wrong PIN alike; `rate_limited`
   *   (429, Retry-After) while the user or the address is locked out after repeated failures.
   */
  async signIn(merchantId: string, input: { user: string; pin: string }, client: Client): Promise<SignedIn> {
    const user = await this.find(merchantId, input.user);
    const userKey = user ? user.id : `?${nameKey(input.user)}`;
    const from = await this.attemptFrom(user?.id, client);
    const ok = await this.countedPinCheck(userKey, from, input.pin, user);
    if (!user || !ok) throw new ApiError('api_key_invalid', WRONG);
    // Removed while its PIN was being checked?
    const still = await this.o.store.findActiveById(merchantId, user.id);
    if (!still) throw new ApiError('api_key_invalid', WRONG);
    await this.guard.succeeded(userKey, from);
    const signedIn = await this.openSession(still);
    // Known from now on (renewed at each sign-in): strangers' wrong PINs no longer lock it out.
    return client.appWindow ? signedIn : { ...signedIn, knownDevice: await this.devices.issue(still.id) };
  }

  /** Where an attempt at `userId`'s PIN comes from: a device known for them, or just an address. */
  private async attemptFrom(userId: string | undefined, client: Client): Promise<AttemptFrom> {
    if (client.appWindow) return { address: client.address, device: APP_WINDOW };
    return { address: client.address, device: userId === undefined ? undefined : await this.devices.deviceOf(userId, client.cookies) };
  }

  /** The caller a UI session token stands for, or null when it is unknown, ended or expired. Slides the expiry. */
  async authenticate(token: string): Promise<Caller | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const found = await this.o.store.findOpenSession(hashToken(token));
    if (!found || found.user.disabledAt !== null) return null;
    const { session, user } = found;
    const now = this.o.now();
    if (session.expiresAt <= now) return null;
    if (now - session.lastUsedAt >= TOUCH_EVERY_MS) await this.o.store.touchSession(session.id, now, now + this.idleMs[user.role]);
    return { merchantId: user.merchantId, livemode: session.livemode ?? this.o.uiLivemode, via: 'ui', role: user.role, userId: user.id, uiSessionId: session.id };
  }

  /** Who a UI session token belongs to and when it lapses if unused; undefined when it is no open session. */
  async describe(token: string): Promise<{ user: User; expiresAt: number; sessionId: string } | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const found = await this.o.store.findOpenSession(hashToken(token));
    if (!found || found.user.disabledAt !== null || found.session.expiresAt <= this.o.now()) return undefined;
    return { user: publicUser(found.user), expiresAt: found.session.expiresAt, sessionId: found.session.id };
  }

  /**
   * Switches a sign-in between test and live mode (the owner's switch in the app): what it sees and
   * creates from then on is of that mode. Cashiers work in the mode an owner left the app in.
   * Going to live asks for the owner's PIN again: a test sign-in is a test credential, and a token
   * left open in a browser must not become a way into live money. Wrong PINs count towards the same
   * lockout as sign-in (from `client`).
   * @throws ApiError role_forbidden for a cashier; invalid_state for an API key; parameter_missing /
   *   parameter_invalid (`pin`) for a missing or wrong PIN; rate_limited while locked out
   */
  async switchMode(caller: Caller, livemode: boolean, pin: string | undefined, client: Client): Promise<void> {
    if (caller.role !== 'owner') throw new ApiError('role_forbidden', 'Only an owner can switch between test and live mode.');
    if (caller.uiSessionId === undefined || caller.userId === undefined) {
      throw new ApiError('invalid_state', 'An API key has its own mode (sk_test_… or sk_live_…); only a UI sign-in switches.');
    }
    if (livemode && !caller.livemode) await this.confirmPin(caller, caller.userId, pin, client);
    await this.o.store.setSessionMode(caller.uiSessionId, livemode);
  }

  /**
   * The owner signed in to the app proves it is them again, with their PIN, under the sign-in lockout
   * (counted as confirmPin counts it), for what a sign-in left open must not do alone (confirming a
   * webhook endpoint on the shop's network). API keys cannot: a key is a program's
   * credential, not the owner.
   * @throws ApiError role_forbidden (a cashier or an API key); parameter_missing / parameter_invalid
   *   (`pin`); rate_limited while locked out
   */
  async reconfirmOwner(caller: Caller, pin: string | undefined, client: Client): Promise<void> {
    if (caller.role !== 'owner' || caller.uiSessionId === undefined || caller.userId === undefined) {
      throw new ApiError('role_forbidden', 'Only the owner, signed in to the app with their PIN, may do this; an API key cannot.');
    }
    await this.confirmPin(caller, caller.userId, pin, client);
  }

  /**
   * The signed-in user changes their own PIN: the current PIN is asked (under the sign-in lockout,
   * from `address`), so a sign-in left open is no way to take the account over. Their other sign-ins
   * end at once; this one stays.
   * @throws ApiError invalid_state for an API key; parameter_invalid (`current_pin`) for a wrong
   *   current PIN, (`new_pin`) for a weak one or the same one; rate_limited while locked out
   */
  async changeOwnPin(caller: Caller, input: { currentPin: string; newPin: string }, client: Client): Promise<User> {
    if (caller.uiSessionId === undefined || caller.userId === undefined) {
      throw new ApiError('invalid_state', 'An API key has no PIN; only a UI sign-in changes its own PIN.');
    }
    // The new PIN's rules first: a weak new PIN is refused without spending a counted attempt.
    const hash = await this.newPinHash('new_pin', input.newPin);
    const user = await this.confirmPin(caller, caller.userId, input.currentPin, client, 'current_pin');
    if (input.newPin === input.currentPin) throw invalidParam('new_pin', 'The new PIN must differ from the current one.');
    return await this.replacePin(user, hash, caller.uiSessionId);
  }

  /**
   * An owner (or `stablepos users pin` on the machine) sets another user's PIN without knowing the
   * old one, as Square and Shopify POS let owners do; all of that user's sign-ins end at once.
   * `byUserId`, the owner doing it, may not reset their own PIN this way: that needs their current PIN.
   * @throws ApiError resource_missing for no such user; parameter_invalid (`pin`) for a weak PIN;
   *   invalid_state for the caller's own PIN
   */
  async resetPin(merchantId: string, ref: string, pin: string, byUserId?: string): Promise<User> {
    const user = await this.find(merchantId, ref);
    if (!user) throw new ApiError('resource_missing', `No such user: '${ref}'`, 'id');
    if (user.id === byUserId) throw new ApiError('invalid_state', 'To change your own PIN, use "Change my PIN": it asks for your current PIN.');
    const hash = await this.newPinHash('pin', pin);
    return await this.replacePin(user, hash);
  }

  /** Stores the new hash and ends the user's sign-ins (all, or all but `keepSessionId`), in one write. */
  private async replacePin(user: StoredUser, pinHash: string, keepSessionId?: string): Promise<User> {
    return await this.o.tx(async () => {
      const still = await this.o.store.findActiveById(user.merchantId, user.id);
      if (!still) throw new ApiError('resource_missing', `No such user: '${user.name}'`, 'id');
      await this.o.store.setPinHash(user.id, pinHash);
      await this.o.store.endSessionsOf(user.id, this.o.now(), keepSessionId);
      return publicUser(still);
    });
  }

  private async newPinHash(param: string, pin: string): Promise<string> {
    const problem = pinProblem(pin);
    if (problem) throw invalidParam(param, capitalise(problem));
    return hashPin(pin);
  }

  /**
   * Checks the signed-in user's own PIN again, under the sign-in lockout. **Decision:** counted as on a
   * device known for the user, the sign-in itself being the device (a right PIN opened it there): wrong
   * PINs typed into a sign-in left open lock that sign-in's PIN checks (up to a day), never the user's
   * sign-ins elsewhere.
   */
  private async confirmPin(caller: Caller, userId: string, pin: string | undefined, client: Client, param = 'pin'): Promise<StoredUser> {
    const merchantId = caller.merchantId;
    if (pin === undefined || pin === '') {
      throw new ApiError('parameter_missing', param === 'pin' ? 'Enter your PIN to switch to live mode.' : 'Enter your current PIN.', param);
    }
    const user = await this.o.store.findActiveById(merchantId, userId);
    const from: AttemptFrom = { address: client.address, device: `sign-in:${caller.uiSessionId ?? ''}` };
    const ok = await this.countedPinCheck(userId, from, pin, user);
    if (!user || !ok) throw new ApiError('parameter_invalid', param === 'pin' ? 'Wrong PIN.' : 'Wrong current PIN.', param);
    await this.guard.succeeded(userId, from);
    return user;
  }

  /**
   * One PIN attempt under the lockout: counted as failed from its start (@throws ApiError
   * rate_limited while locked), and as costly for an unknown user as for a known one (checked
   * against a decoy hash nobody can match). The caller clears the count once it accepts the attempt.
   */
  private async countedPinCheck(userKey: string, from: AttemptFrom, pin: string, user: StoredUser | undefined): Promise<boolean> {
    await this.guard.begin(userKey, from);
    return verifyPin(pin, user ? user.pinHash : await decoyPinHash());
  }

  async signOut(sessionId: string): Promise<void> {
    await this.o.store.endSession(sessionId, this.o.now());
  }

  private async find(merchantId: string, ref: string): Promise<StoredUser | undefined> {
    const r = ref.trim();
    return /^usr_/.test(r) ? await this.o.store.findActiveById(merchantId, r) : await this.o.store.findActiveByNameKey(merchantId, nameKey(r));
  }

  private async prepare(input: { name: string; role: string; pin: string }): Promise<{ name: string; role: Role; hash: string }> {
    const nameError = nameProblem(input.name);
    if (nameError) throw invalidParam('name', capitalise(nameError));
    if (!isRole(input.role)) throw invalidParam('role', 'The role must be "owner" or "cashier".');
    const pinError = pinProblem(input.pin);
    if (pinError) throw invalidParam('pin', capitalise(pinError));
    return { name: input.name.trim(), role: input.role, hash: await hashPin(input.pin) };
  }

  /** Inside a transaction: the name must be free among active users. */
  private async insert(merchantId: string, name: string, role: Role, pinHash: string): Promise<User> {
    const key = nameKey(name);
    if (await this.o.store.findActiveByNameKey(merchantId, key)) throw invalidParam('name', `A user named '${name}' exists already.`);
    const now = this.o.now();
    const user: StoredUser = { id: newId('user', now), merchantId, name, role, pinHash, createdAt: now, disabledAt: null };
    await this.o.store.insert({ ...user, nameKey: key });
    return publicUser(user);
  }

  private async openSession(user: User): Promise<SignedIn> {
    const now = this.o.now();
    const token = `uit_${randomBase62(32)}`;
    const expiresAt = now + this.idleMs[user.role];
    await this.o.store.insertSession({ id: newId('uiSession', now), userId: user.id, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, expiresAt, endedAt: null });
    return { token, user, expiresAt };
  }
}

const WHERE_THE_CODE_IS =
  '"stablepos serve" prints it when it starts on a shop without an owner (the latest start\'s code works), and "stablepos users setup-code" prints a new one.';

const ownerExists = () => new ApiError('invalid_state', 'The shop has an owner already: sign in instead.');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1) + '.';
