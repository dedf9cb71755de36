/**
 * PIN sign-in for the app's own UI over real HTTP: the first owner (once only), sign-in and
 * sign-out, the same answer for an unknown name and a wrong PIN, lockout with Retry-After,
 * inactivity expiry moved by the test clock, cashiers seeing today's sessions only, and removed
 * users losing their sign-ins at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

const HOUR = 3_600_000;
let t: TestCore;

beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t?.stop();
});

/** Works on the data dir beside the running server, as `stablepos users …` does. */
async function withServices<T>(work: (s: CoreServices) => Promise<T>): Promise<T> {
  const s = await createServices(resolveConfig({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }));
  try {
    return await work(s);
  } finally {
    await s.close();
  }
}

const signIn = (user: string, pin: string) => t.api('POST', '/v1/ui/sessions', { key: null, body: { user, pin } });

async function token(user: string, pin: string): Promise<string> {
  const res = await signIn(user, pin);
  expect(res.status, res.text).toBe(200);
  return res.body.data.token;
}

describe('first owner', () => {
  test('without the setup code nobody can create it, from this machine neither (behind a TLS proxy every client is 127.0.0.1)', async () => {
    expect((await t.api('GET', '/v1/ui/setup', { key: null })).body.data).toEqual({ needs_owner: true });
    const owner = { name: 'Mallory', pin: '8642' };
    const missing = expectError(await t.api('POST', '/v1/ui/setup', { key: null, body: owner }), 400, 'parameter_missing', 'setup_code');
    expect(missing.message).toMatch(/stablepos serve.*stablepos users setup-code/);
    expectError(await t.api('POST', '/v1/ui/setup', { key: null, body: { ...owner, setup_code: ' - ' } }), 400, 'parameter_missing', 'setup_code');
    expectError(await t.api('POST', '/v1/ui/setup', { key: null, body: { ...owner, setup_code: 'AAAA-BBBB-CCCC' } }), 400, 'parameter_invalid', 'setup_code');
    // Proxied requests, as a TLS proxy on this machine forwards them.
    const proxied = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
    expectError(await t.api('POST', '/v1/ui/setup', { key: null, body: owner, headers: proxied }), 400, 'parameter_missing', 'setup_code');
    await t.setupCode();
    expectError(await t.api('POST', '/v1/ui/setup', { key: null, body: { ...owner, setup_code: 'AAAA-BBBB-CCCC' }, headers: proxied }), 400, 'parameter_invalid', 'setup_code');
    expect((await t.api('GET', '/v1/ui/setup', { key: null })).body.data).toEqual({ needs_owner: true });
  });

  test('with the current code: a weak PIN is refused; the first owner is created and signed in; the code is spent', async () => {
    const code = await t.setupCode();
    const setup = (body: object) => t.api('POST', '/v1/ui/setup', { key: null, body: { ...body, setup_code: code } });
    expectError(await setup({ name: 'Olga', pin: '1111' }), 400, 'parameter_invalid', 'pin');
    expectError(await setup({ name: 'Olga', pin: '1234' }), 400, 'parameter_invalid', 'pin');
    expectError(await setup({ name: 'Olga', pin: '12a4' }), 400, 'parameter_invalid', 'pin');
    expectError(await setup({ name: 'Olga', pin: '2580', role: 'cashier' }), 400, 'parameter_unknown');

    const res = await setup({ name: ' Olga ', pin: '2580' });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(data.token).toMatch(/^uit_[0-9A-Za-z]{32}$/);
    expect(data.user).toEqual({ id: expect.stringMatching(/^usr_/), name: 'Olga', role: 'owner' });
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(8 * HOUR - 60_000);
    expect(Date.parse(data.expires_at) - Date.now()).toBeLessThanOrEqual(8 * HOUR + 1000);

    const me = await t.api('GET', '/v1/ui/sessions/current', { key: data.token });
    expect(me.body.data).toMatchObject({ object: 'ui_session', user: { name: 'Olga', role: 'owner' } });
    expect((await t.api('GET', '/v1/balance', { key: data.token })).status).toBe(200);
    await expect(t.setupCode()).rejects.toThrow(/has an owner already/);
  });

  test('only once: a second setup is 409 invalid_state, and the UI is told no owner is needed', async () => {
    expectError(await t.api('POST', '/v1/ui/setup', { key: null, body: { name: 'Mallory', pin: '8642' } }), 409, 'invalid_state');
    expect((await t.api('GET', '/v1/ui/setup', { key: null })).body.data).toEqual({ needs_owner: false });
    expectError(await signIn('Mallory', '8642'), 401, 'api_key_invalid');
  });

  test('concurrent setups on a new data dir: exactly one owner', async () => {
    const other = await startTestCore();
    try {
      const setup_code = await other.setupCode();
      const results = await Promise.all(['A', 'B', 'C'].map((name) => other.api('POST', '/v1/ui/setup', { key: null, body: { name, pin: '2580', setup_code } })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    } finally {
      await other.stop();
    }
  });
});

describe('sign-in', () => {
  beforeAll(async () => {
    await withServices(async (s) => s.users.add((await s.merchants.defaultMerchant()).id, { name: 'Cas', role: 'cashier', pin: '1357' }));
  });

  test('by name in any case or by id; the role comes with it; sign-out ends the token at once', async () => {
    const res = await signIn('cAS', '1357');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Cas', role: 'cashier' });
    expect(Date.parse(res.body.data.expires_at) - Date.now()).toBeGreaterThan(12 * HOUR - 60_000);
    const byId = await signIn(res.body.data.user.id, '1357');
    expect(byId.status).toBe(200);

    const tok = res.body.data.token;
    expect((await t.api('DELETE', '/v1/ui/sessions/current', { key: tok })).body.data).toEqual({ object: 'ui_session', signed_out: true });
    expectError(await t.api('GET', '/v1/ui/sessions/current', { key: tok }), 401, 'api_key_invalid');
    expect((await t.api('GET', '/v1/ui/sessions/current', { key: byId.body.data.token })).status).toBe(200); // the other sign-in stays
  });

  test('an unknown name and a wrong PIN get the same answer', async () => {
    const wrong = expectError(await signIn('Cas', '9999'), 401, 'api_key_invalid');
    const unknown = expectError(await signIn('Nobody', '9999'), 401, 'api_key_invalid');
    expect(unknown).toEqual(wrong);
    expect(wrong.message).toBe('Wrong name or PIN.');
    expectError(await signIn('Cas', ''), 400, 'parameter_invalid', 'pin');
  });

  test('an API key is no UI sign-in: it cannot be signed out', async () => {
    expectError(await t.api('GET', '/v1/ui/sessions/current'), 409, 'invalid_state');
    expectError(await t.api('DELETE', '/v1/ui/sessions/current'), 409, 'invalid_state');
  });

  test('5 wrong PINs lock the user for 30 s (429 with Retry-After), even for the right PIN; the lock doubles', async () => {
    for (let i = 1; i <= 5; i++) expectError(await signIn('Olga', '0000'), 401, 'api_key_invalid');
    const locked = await signIn('Olga', '2580');
    expectError(locked, 429, 'rate_limited');
    expect(locked.headers.get('retry-after')).toBe('30');
    // Another user from the same address is not locked (the address allows 10 failures).
    expect((await signIn('Cas', '1357')).status).toBe(200);

    t.advance(31_000);
    expectError(await signIn('Olga', '0000'), 401, 'api_key_invalid'); // the 6th failure: 1 min now
    const again = await signIn('Olga', '2580');
    expectError(again, 429, 'rate_limited');
    expect(again.headers.get('retry-after')).toBe('60');
    t.advance(61_000);
    expect((await signIn('Olga', '2580')).status).toBe(200); // a success clears the count
    expectError(await signIn('Olga', '0000'), 401, 'api_key_invalid');
  });

  test('an unknown name locks the same way, so locks reveal nothing', async () => {
    for (let i = 1; i <= 5; i++) expectError(await signIn('ghost', '4826'), 401, 'api_key_invalid');
    const res = await signIn('Ghost', '4826');
    expectError(res, 429, 'rate_limited');
    expect(res.headers.get('retry-after')).toBe('30');
    t.advance(31_000);
  });

  test('a burst of parallel guesses is cut off at the lock', async () => {
    await withServices(async (s) => s.users.add((await s.merchants.defaultMerchant()).id, { name: 'Burst', role: 'cashier', pin: '3141' }));
    expect((await signIn('Cas', '1357')).status).toBe(200); // clears this address's count of failures
    const results = await Promise.all(Array.from({ length: 8 }, () => signIn('Burst', '2718')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    t.advance(61_000);
    // The address saw 5 failures since its last success (refusals while locked do not count): still open.
    expect((await signIn('Burst', '3141')).status).toBe(200);
  });
});

describe('expiry', () => {
  test('a sign-in ends after its idle time; each use moves the end on', async () => {
    const first = await signIn('Olga', '2580');
    const owner: string = first.body.data.token;
    const cashier = await token('Cas', '1357');
    t.advance(7 * HOUR);
    expect((await t.api('GET', '/v1/merchant', { key: owner })).status).toBe(200); // used: ends 8 h from now
    t.advance(7 * HOUR);
    expect((await t.api('GET', '/v1/merchant', { key: owner })).status).toBe(200);
    const ends = Date.parse((await t.api('GET', '/v1/ui/sessions/current', { key: owner })).body.data.expires_at);
    expect(Math.abs(ends - (Date.parse(first.body.data.expires_at) + 14 * HOUR))).toBeLessThan(5_000);
    // The cashier's 12 h passed unused.
    expectError(await t.api('GET', '/v1/merchant', { key: cashier }), 401, 'api_key_invalid');
    t.advance(8 * HOUR + 1000);
    expectError(await t.api('GET', '/v1/merchant', { key: owner }), 401, 'api_key_invalid');
  });
});

describe('cashier', () => {
  test('sees today\'s sessions only, whatever created_gte asks; an owner sees them all', async () => {
    const yesterday = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) })).body.data.session_id;
    t.advance(24 * HOUR);
    const cashier = await token('Cas', '1357');
    const today = (await t.api('POST', '/v1/payment/sessions', { key: cashier, body: shapeA(t.merchantId) })).body.data.session_id;
    const owner = await token('Olga', '2580');

    const ids = async (key: string, query = '') => (await t.api('GET', `/v1/payment/sessions?limit=100${query}`, { key })).body.data.items.map((s: any) => s.session_id);
    expect(await ids(cashier)).toContain(today);
    expect(await ids(cashier)).not.toContain(yesterday);
    expect(await ids(cashier, '&created_gte=2000-01-01T00:00:00Z')).not.toContain(yesterday);
    expect(await ids(owner)).toEqual(expect.arrayContaining([today, yesterday]));
    // A single session is readable by id, and cancelable; resolving and refunds are the owner's.
    expect((await t.api('GET', `/v1/payment/sessions/${yesterday}`, { key: cashier })).status).toBe(200);
    expect((await t.api('POST', `/v1/payment/sessions/${today}/cancel`, { key: cashier })).body.data.status).toBe('CANCELED');
    const forbidden = expectError(await t.api('POST', `/v1/payment/sessions/${today}/resolve`, { key: cashier }), 403, 'role_forbidden');
    expect(forbidden.message).toMatch(/Only an owner may do this/);
    expectError(await t.api('GET', '/v1/balance', { key: cashier }), 403, 'role_forbidden');
    expectError(await t.api('PATCH', '/v1/merchant', { key: cashier, body: { name: 'Mine now' } }), 403, 'role_forbidden');
  });
});

describe('removing users', () => {
  test('a removed user\'s sign-ins end at once; the last owner cannot be removed', async () => {
    const cashier = await token('Cas', '1357');
    const removed = await withServices(async (s) => await s.users.remove((await s.merchants.defaultMerchant()).id, 'cas'));
    expect(removed.name).toBe('Cas');
    expectError(await t.api('GET', '/v1/merchant', { key: cashier }), 401, 'api_key_invalid');
    expectError(await signIn('Cas', '1357'), 401, 'api_key_invalid');
    await expect(withServices(async (s) => await s.users.remove((await s.merchants.defaultMerchant()).id, 'Olga'))).rejects.toThrow(/last owner/);
    // The name is free again.
    await withServices(async (s) => s.users.add((await s.merchants.defaultMerchant()).id, { name: 'Cas', role: 'cashier', pin: '1357' }));
    expect((await signIn('Cas', '1357')).status).toBe(200);
  });
});

describe('the desktop app', () => {
  test('with a per-launch app token, PIN sign-in and setup need it (setup no code then); the token itself is no bearer', async () => {
    const appToken = 'A'.repeat(43);
    const app = await startTestCore({ uiToken: appToken });
    try {
      const body = { name: 'Olga', pin: '2580' };
      expectError(await app.api('POST', '/v1/ui/setup', { key: null, body }), 401, 'api_key_invalid');
      expectError(await app.api('POST', '/v1/ui/setup', { key: null, body, headers: { 'stablepos-app-token': 'B'.repeat(43) } }), 401, 'api_key_invalid');
      const setup = await app.api('POST', '/v1/ui/setup', { key: null, body, headers: { 'stablepos-app-token': appToken } });
      expect(setup.status, setup.text).toBe(200);
      expectError(await app.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Olga', pin: '2580' } }), 401, 'api_key_invalid');
      expect((await app.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Olga', pin: '2580' }, headers: { 'stablepos-app-token': appToken } })).status).toBe(200);
      // The app's own window is shown the staff; without its token, nobody is (401).
      expect((await app.api('GET', '/v1/ui/staff', { key: null, headers: { 'stablepos-app-token': appToken } })).body.data.items).toEqual([{ name: 'Olga', role: 'owner' }]);
      expectError(await app.api('GET', '/v1/ui/staff', { key: null }), 401, 'api_key_invalid');
      // The window needs no cookie: it is a known device for everyone.
      expect(setup.headers.get('set-cookie')).toBeNull();
      expectError(await app.api('GET', '/v1/merchant', { key: appToken }), 401, 'api_key_invalid');
      expectError(await app.api('GET', '/v1/balance', { key: appToken }), 401, 'api_key_invalid');
    } finally {
      await app.stop();
    }
  });
});

describe('known devices: strangers cannot lock the real user out, nor read the staff', () => {
  const signInWith = (cookie: string | undefined, user: string, pin: string) =>
    t.api('POST', '/v1/ui/sessions', { key: null, body: { user, pin }, headers: cookie ? { cookie } : {} });
  const staff = async (cookie?: string) => (await t.api('GET', '/v1/ui/staff', { key: null, headers: cookie ? { cookie } : {} })).body.data.items;

  test('behind one address (a TLS proxy on this machine makes everybody 127.0.0.1), the owner\'s own device still signs in', async () => {
    t.advance(2 * HOUR); // earlier tests' locks over
    // Before any sign-in, this browser is nobody's: no names to pick from.
    expect(await staff()).toEqual([]);
    const mine = await signIn('Olga', '2580');
    expect(mine.status, mine.text).toBe(200);
    const setCookie = mine.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^stablepos_known_usr_[0-9A-Za-z]+=[0-9A-Za-z]{16}\.[\w-]{43}; Path=\/v1\/ui; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    const till = setCookie.split(';')[0]!;
    expect((await staff(till)).map((m: { name: string }) => m.name)).toContain('Olga');

    // A stranger guesses Olga's PIN until locked out (5 in a row, from the same address as Olga's till)…
    for (let i = 1; i <= 5; i++) expectError(await signIn('Olga', '0000'), 401, 'api_key_invalid');
    expectError(await signIn('Olga', '2580'), 429, 'rate_limited');
    // …and goes on against the address (10 failures) with other names.
    for (let i = 1; i <= 5; i++) await signIn(`stranger${i}`, '0000');
    expectError(await signIn('Cas', '1357'), 429, 'rate_limited');
    // Olga on her till is not locked.
    const again = await signInWith(till, 'Olga', '2580');
    expect(again.status, again.text).toBe(200);
    // A forged or copied-to-another-user cookie makes nobody known.
    const [name, value] = till.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    expectError(await signInWith(forged, 'Olga', '2580'), 429, 'rate_limited');
    expect(await staff(forged)).toEqual([]);
    expect(await staff(`stablepos_known_usr_${'x'.repeat(32)}=${value}`)).toEqual([]);
    // Olga's till is not Cas's: for Cas it counts as a stranger's device (locked with the address).
    expectError(await signInWith(till, 'Cas', '1357'), 429, 'rate_limited');
    t.advance(2 * HOUR);
  });
});
