/**
 * Only expected hosts (docs/security.md, "Web pages and DNS rebinding"): a web page that reaches the
 * app through DNS rebinding sends its own host name in `Host`, and another site's page its own
 * `Origin`; both are refused in the contract's shape, on every route, before anything else happens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestWithHost } from '../helpers/raw-http.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

const OWNER = { name: 'Olga', pin: '2580' };
const ATTACKER = 'attacker.example';

describe('on the default listen address (127.0.0.1)', () => {
  let t: TestCore;
  let rendererDir: string;
  let port: string;
  const as = (host: string | null, req: { method?: string; path: string; headers?: Record<string, string>; body?: unknown }) =>
    requestWithHost(t.url, { ...req, host });

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'stablepos-ui-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>stablepos</title>');
    t = await startTestCore({ rendererDir });
    port = new URL(t.url).port;
  });

  afterAll(async () => {
    await t?.stop();
    if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
  });

  test('a foreign Host is refused with 403 host_not_allowed on API, public and UI routes, in the envelope with a Request-Id', async () => {
    const auth = { authorization: `Bearer ${t.testKey}` };
    const refused = [
      await as(`${ATTACKER}:${port}`, { path: '/v1/merchant', headers: auth }),
      await as(ATTACKER, { path: '/health' }),
      await as(ATTACKER, { path: '/pay/ps_unknown' }),
      await as(ATTACKER, { path: '/docs/json' }),
      await as(ATTACKER, { path: '/' }),
      await as(ATTACKER, { path: '/v1/no/such/route' }),
      await as('localhost.attacker.example', { path: '/health' }),
      await as('127.0.0.1.nip.io', { path: '/health' }),
      await as('evil@127.0.0.1', { path: '/health' }),
      await as('', { path: '/health' }),
    ];
    for (const res of refused) {
      const error = expectError(res, 403, 'host_not_allowed', null);
      expect(error.type).toBe('permission_error');
      expect(res.headers.get('request-id')).toMatch(/^req_/);
    }
    expect(refused[0]!.body.error.message).toContain(`"${ATTACKER}:${port}"`);
  });

  test('an HTTP/1.1 request without Host is 400 parameter_invalid in the envelope (RFC 9112), not Node\'s bare 400', async () => {
    const res = await as(null, { path: '/health' });
    expectError(res, 400, 'parameter_invalid', null);
    expect(res.body.error.message).toContain('Host');
  });

  test('first-run setup through DNS rebinding (foreign Host, matching Origin) is refused and creates no owner', async () => {
    const res = await as(`${ATTACKER}:${port}`, {
      method: 'POST',
      path: '/v1/ui/setup',
      headers: { origin: `http://${ATTACKER}:${port}` },
      body: OWNER,
    });
    expectError(res, 403, 'host_not_allowed');
    expect((await t.api('GET', '/v1/ui/setup', { key: null })).body.data).toEqual({ needs_owner: true });
  });

  test('a foreign Origin is refused on setup, sign-in and the sign-in\'s own routes, even with the right Host', async () => {
    const host = `127.0.0.1:${port}`;
    for (const origin of [`http://${ATTACKER}`, `http://localhost:3000`, `http://127.0.0.1:${Number(port) + 1}`, 'null', 'file://', `ftp://127.0.0.1:${port}`]) {
      const headers = { origin };
      expectError(await as(host, { method: 'POST', path: '/v1/ui/setup', headers, body: OWNER }), 403, 'origin_not_allowed', null);
      expectError(await as(host, { method: 'POST', path: '/v1/ui/sessions', headers, body: { user: OWNER.name, pin: OWNER.pin } }), 403, 'origin_not_allowed', null);
      expectError(await as(host, { method: 'PATCH', path: '/v1/ui/sessions/current', headers, body: { livemode: true } }), 403, 'origin_not_allowed', null);
      expectError(await as(host, { method: 'DELETE', path: '/v1/ui/sessions/current', headers }), 403, 'origin_not_allowed', null);
    }
    expect((await t.api('GET', '/v1/ui/setup', { key: null })).body.data).toEqual({ needs_owner: true });
  });

  test('loopback names pass, and the UI\'s own origin (or none, as curl and the CLI send) may set up and sign in', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST.:${port}`, `[::1]:${port}`, '127.0.0.1', 'localhost']) {
      const res = await as(host, { path: '/health' });
      expect(res.status, `${host}: ${res.text}`).toBe(200);
    }
    expect((await as(`localhost:${port}`, { path: '/' })).text).toContain('<title>stablepos</title>');

    const setup = await as(`localhost:${port}`, { method: 'POST', path: '/v1/ui/setup', headers: { origin: `http://localhost:${port}` }, body: { ...OWNER, setup_code: await t.setupCode() } });
    expect(setup.status, setup.text).toBe(200);
    const signIn = (origin: string | undefined) =>
      as(`127.0.0.1:${port}`, { method: 'POST', path: '/v1/ui/sessions', headers: origin ? { origin } : {}, body: { user: OWNER.name, pin: OWNER.pin } });
    const fromPage = await signIn(`http://127.0.0.1:${port}`);
    expect(fromPage.status, fromPage.text).toBe(200);
    const fromCurl = await signIn(undefined);
    expect(fromCurl.status, fromCurl.text).toBe(200);
    const signOut = await as(`127.0.0.1:${port}`, {
      method: 'DELETE',
      path: '/v1/ui/sessions/current',
      headers: { origin: `http://127.0.0.1:${port}`, authorization: `Bearer ${fromPage.body.data.token}` },
    });
    expect(signOut.status, signOut.text).toBe(200);
  });
});

describe('with a public URL and an extra allowed host', () => {
  let t: TestCore;
  let port: string;

  beforeAll(async () => {
    t = await startTestCore({ publicUrl: 'https://pay.shop.example', allowedHosts: ['Backoffice.LAN', '192.168.1.20'] });
    port = new URL(t.url).port;
  });

  afterAll(async () => {
    await t?.stop();
  });

  test('the public URL\'s host and the configured hosts pass, with any port; other names are still refused', async () => {
    for (const host of ['pay.shop.example', 'pay.shop.example:443', `backoffice.lan:${port}`, 'BACKOFFICE.lan', '192.168.1.20:8420']) {
      const res = await requestWithHost(t.url, { path: '/health', host });
      expect(res.status, `${host}: ${res.text}`).toBe(200);
    }
    for (const host of ['shop.example', 'other.lan', '192.168.1.21', ATTACKER]) {
      expectError(await requestWithHost(t.url, { path: '/health', host }), 403, 'host_not_allowed');
    }
  });

  test('the public URL\'s origin may sign in behind a proxy that rewrites Host; a page on a configured host may from its own origin', async () => {
    const signIn = (host: string, origin: string) =>
      requestWithHost(t.url, { method: 'POST', path: '/v1/ui/sessions', host, headers: { origin }, body: { user: 'nobody', pin: '2580' } });
    // 401: past the host and origin checks, refused only for the wrong name.
    expectError(await signIn(`127.0.0.1:${port}`, 'https://pay.shop.example'), 401, 'api_key_invalid');
    expectError(await signIn('pay.shop.example', 'https://pay.shop.example'), 401, 'api_key_invalid');
    expectError(await signIn(`backoffice.lan:${port}`, `http://backoffice.lan:${port}`), 401, 'api_key_invalid');
    expectError(await signIn(`127.0.0.1:${port}`, `http://backoffice.lan:${port}`), 403, 'origin_not_allowed');
    expectError(await signIn(`127.0.0.1:${port}`, 'http://pay.shop.example'), 403, 'origin_not_allowed');
  });
});
