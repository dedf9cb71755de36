/**
 * Changing PINs over real HTTP: a signed-in user changes their own (current PIN asked, under the
 * sign-in lockout; their other sign-ins end, this one stays), an owner sets a staff member's new PIN
 * without the old one (live mode only; all that user's sign-ins end), and the live readiness an owner
 * reads before switching to live mode.
 */
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addStaff, expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;

beforeAll(async () => {
  t = await startTestCore();
  await addStaff(t, [
    { name: 'Olga', role: 'owner', pin: '2580' },
    { name: 'Cas', role: 'cashier', pin: '1357' },
    { name: 'Cem', role: 'cashier', pin: '3141' },
  ]);
});
afterAll(async () => {
  await t?.stop();
});

const signIn = (user: string, pin: string) => t.api('POST', '/v1/ui/sessions', { key: null, body: { user, pin } });

async function token(user: string, pin: string): Promise<string> {
  const res = await signIn(user, pin);
  expect(res.status, res.text).toBe(200);
  return res.body.data.token;
}

const changeOwn = (key: string, current_pin: string, new_pin: string) => t.api('POST', '/v1/ui/pin', { key, body: { current_pin, new_pin } });

describe('changing one\'s own PIN', () => {
  test('the current PIN is asked, and wrong ones count towards the sign-in lockout', async () => {
    const here = await token('Cas', '1357');
    for (let i = 1; i <= 5; i++) expectError(await changeOwn(here, '0000', '4826'), 400, 'parameter_invalid', 'current_pin');
    // Locked now, for the right current PIN too, and for switching to live alike: this sign-in's count.
    const locked = await changeOwn(here, '1357', '4826');
    expectError(locked, 429, 'rate_limited');
    expect(locked.headers.get('retry-after')).toBe('30');
    // A sign-in left open cannot lock its user out elsewhere: a new sign-in still works (docs/security.md).
    expect((await signIn('Cas', '1357')).status).toBe(200);
    t.advance(31_000);
    expect((await changeOwn(here, '1357', '1357')).status).toBe(400); // open again (a right PIN; the same PIN refused)
  });

  test('a PIN change refused by the lockout is not stored under its Idempotency-Key: the same request with the same key succeeds once the lock ends', async () => {
    const here = await token('Cas', '1357');
    for (let i = 1; i <= 5; i++) expectError(await changeOwn(here, '0000', '4826'), 400, 'parameter_invalid', 'current_pin');
    const change = () => t.api('POST', '/v1/ui/pin', { key: here, headers: { 'idempotency-key': 'pin-after-lockout' }, body: { current_pin: '1357', new_pin: '4826' } });
    const locked = await change();
    expectError(locked, 429, 'rate_limited');
    expect(locked.headers.get('retry-after')).toBe('30');
    t.advance(31_000);
    // A 429 is a moment's answer, like a 5xx: a retry under the same key is processed, not replayed.
    const retried = await change();
    expect(retried.status, retried.text).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect((await signIn('Cas', '4826')).status).toBe(200);
    expect((await changeOwn(here, '4826', '1357')).status).toBe(200); // as the other tests expect
  });

  test('the new PIN follows the PIN rules and differs from the current one; nothing changes when refused', async () => {
    const here = await token('Cas', '1357');
    expectError(await changeOwn(here, '1357', '1234'), 400, 'parameter_invalid', 'new_pin');
    expectError(await changeOwn(here, '1357', '7777'), 400, 'parameter_invalid', 'new_pin');
    expectError(await changeOwn(here, '1357', '12a4'), 400, 'parameter_invalid', 'new_pin');
    expectError(await changeOwn(here, '1357', '1357'), 400, 'parameter_invalid', 'new_pin');
    expectError(await changeOwn(here, '', '4826'), 400, 'parameter_invalid', 'current_pin');
    expectError(await t.api('POST', '/v1/ui/pin', { key: here, body: { new_pin: '4826' } }), 400, 'parameter_missing', 'current_pin');
    expect((await signIn('Cas', '1357')).status).toBe(200);
  });

  test('a cashier changes their PIN: the old one is refused afterwards, other sign-ins end, this one stays', async () => {
    const here = await token('Cas', '1357');
    const otherTill = await token('Cas', '1357');
    const someoneElse = await token('Cem', '3141');
    const res = await changeOwn(here, '1357', '4826');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ object: 'ui_session', user: { id: expect.stringMatching(/^usr_/), name: 'Cas', role: 'cashier' }, pin_changed: true });

    expect((await t.api('GET', '/v1/ui/sessions/current', { key: here })).status).toBe(200);
    expectError(await t.api('GET', '/v1/ui/sessions/current', { key: otherTill }), 401, 'api_key_invalid');
    expect((await t.api('GET', '/v1/ui/sessions/current', { key: someoneElse })).status).toBe(200);
    expectError(await signIn('Cas', '1357'), 401, 'api_key_invalid');
    expect((await signIn('Cas', '4826')).status).toBe(200);
  });

  test('an owner in test mode changes their own PIN too; an API key has no PIN', async () => {
    const here = await token('Olga', '2580');
    expect((await changeOwn(here, '2580', '8642')).status).toBe(200);
    expect((await changeOwn(here, '8642', '2580')).status).toBe(200);
    expectError(await changeOwn(t.testKey, '2580', '8642'), 409, 'invalid_state');
    expectError(await changeOwn(t.liveKey, '2580', '8642'), 409, 'invalid_state');
  });
});

describe('an owner sets a staff member\'s PIN', () => {
  const usersOf = async (key: string) => (await t.api('GET', '/v1/users', { key })).body.data.items as { id: string; name: string }[];

  test('live mode only; a cashier cannot reset anyone\'s PIN', async () => {
    const owner = await token('Olga', '2580');
    const cem = await token('Cem', '3141');
    const casId = (await usersOf(t.liveKey)).find((u) => u.name === 'Cas')!.id;
    expectError(await t.api('POST', `/v1/users/${casId}/pin`, { key: owner, body: { pin: '9753' } }), 403, 'livemode_mismatch');
    expectError(await t.api('POST', `/v1/users/${casId}/pin`, { key: cem, body: { pin: '9753' } }), 403, 'role_forbidden');
    expect((await signIn('Cas', '4826')).status).toBe(200); // unchanged
  });

  test('without the old PIN: the user\'s sign-ins all end, the old PIN is refused, the new one works', async () => {
    const owner = await token('Olga', '2580');
    expect((await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true, pin: '2580' } })).status).toBe(200);
    const cas = await token('Cas', '4826');
    const ids = Object.fromEntries((await usersOf(owner)).map((u) => [u.name, u.id]));

    expectError(await t.api('POST', `/v1/users/${ids.Cas}/pin`, { key: owner, body: { pin: '2222' } }), 400, 'parameter_invalid', 'pin');
    expectError(await t.api('POST', '/v1/users/usr_nobody/pin', { key: owner, body: { pin: '9753' } }), 404, 'resource_missing');
    // The owner's own PIN needs their current PIN (POST /v1/ui/pin).
    expectError(await t.api('POST', `/v1/users/${ids.Olga}/pin`, { key: owner, body: { pin: '9753' } }), 409, 'invalid_state');

    const res = await t.api('POST', `/v1/users/${ids.Cas}/pin`, { key: owner, body: { pin: '9753' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids.Cas, object: 'user', name: 'Cas', role: 'cashier' });
    expectError(await t.api('GET', '/v1/ui/sessions/current', { key: cas }), 401, 'api_key_invalid');
    expect((await t.api('GET', '/v1/ui/sessions/current', { key: owner })).status).toBe(200);
    expectError(await signIn('Cas', '4826'), 401, 'api_key_invalid');
    expect((await signIn('Cas', '9753')).status).toBe(200);
  });
});

describe('live readiness', () => {
  test('an owner in test mode reads what each live network lacks; a cashier cannot', async () => {
    const owner = await token('Olga', '2580');
    const res = await t.api('GET', '/v1/ui/live-readiness', { key: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.object).toBe('live_readiness');
    expect(res.body.data.ready).toBe(false);
    const ethereum = res.body.data.networks.find((n: any) => n.network === 'ethereum');
    expect(ethereum).toEqual({ network: 'ethereum', name: expect.any(String), ready: false, missing: ['rpc_url', 'wallet'], applies_at_next_start: false });
    expectError(await t.api('GET', '/v1/ui/live-readiness', { key: await token('Cem', '3141') }), 403, 'role_forbidden');
  });

  test('a live wallet and a saved endpoint show: the endpoint applies at the next start', async () => {
    const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(11)).derive("m/44'/60'/0'").publicExtendedKey;
    expect((await t.api('PUT', '/v1/settings/wallets/evm', { key: t.liveKey, body: { xpub } })).status).toBe(200);
    expect((await t.api('PATCH', '/v1/settings/networks/ethereum', { key: t.liveKey, body: { rpc_url: 'https://rpc.example.com' } })).status).toBe(200);
    const networks = (await t.api('GET', '/v1/ui/live-readiness', { key: t.testKey })).body.data.networks;
    expect(networks.find((n: any) => n.network === 'ethereum')).toMatchObject({ ready: false, missing: ['rpc_url'], applies_at_next_start: true });
    expect(networks.find((n: any) => n.network === 'bsc')).toMatchObject({ missing: ['rpc_url'], applies_at_next_start: false });
  });
});
