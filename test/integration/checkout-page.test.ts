import { evmDevnetOf } from '../helpers/evm-chain.js';
import { parseURL, type TransferRequestURL } from '@solana/pay';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';
import { waitForSolanaPayable } from '../helpers/solana-chain.js';
import { SseParser } from '../helpers/sse-parser.js';

const unescape = (html: string): string =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);

interface RenderedQr {
  key: string;
  label: string;
  uri: string;
  svg: string;
}

/** Every QR on the page: the element's id, its accessible name, what it says it encodes (here the URI) and its SVG. */
function qrCodes(html: string): RenderedQr[] {
  const found = [...html.matchAll(/<div class="qr" id="qr-([^"]+)" role="img" aria-label="([^"]*)" data-qr="([^"]*)">(<svg[\s\S]*?<\/svg>)/g)];
  return found.map((m) => ({ key: m[1]!, label: unescape(m[2]!), uri: unescape(m[3]!), svg: m[4]! }));
}

/** The QR an independent encoder draws for `uri` with the page's settings, as the page embeds it. */
async function expectedQr(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.trim().replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
}

/** Reads a session's server-sent events; `next(pred)` resolves with the first `session` event's data that matches. */
function openStream(url: string) {
  const controller = new AbortController();
  const events: any[] = [];
  const waiters: { pred: (d: any) => boolean; resolve: (d: any) => void }[] = [];
  const ready = fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } }).then(async (res) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const parser = new SseParser();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          for (const e of parser.push(value)) {
            if (e.event !== 'session') continue;
            const parsed = JSON.parse(e.data).data;
            events.push(parsed);
            for (const w of waiters.splice(0)) {
              if (w.pred(parsed)) w.resolve(parsed);
              else waiters.push(w);
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  });
  return {
    events,
    ready,
    next(pred: (d: any) => boolean, timeoutMs = 20_000): Promise<any> {
      const seen = events.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event; saw ${JSON.stringify(events.map((e) => e.status_text))}`)), timeoutMs);
        waiters.push({ pred, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
    close: () => controller.abort(),
  };
}

async function pollStatus(t: TestCore, id: string, until: (d: any) => boolean, tries = 200): Promise<any> {
  let data: any;
  for (let i = 0; i < tries; i++) {
    data = (await t.api('GET', `/pay/${id}/status`, { key: null })).body.data;
    if (until(data)) return data;
    await new Promise((r) => setTimeout(r, 100));
  }
  return data;
}

describe('with the EVM devnets', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ networks: { test: { solana: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0.25, confirmations: { ethereum: 2, bsc: 2 } });
  }, 60_000);
  afterAll(async () => t?.stop());

  const create = async (extra: Record<string, unknown> = {}, value = '12.50', currency = 'USD') =>
    (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, value, currency, extra) })).body.data;

  test('the page shows a panel per option: QR of its URI, amount, address, copy buttons, warning', async () => {
    const s = await create({ description: 'Coffee <script>alert(1)</script>' });
    expect(s.payment_options).toHaveLength(4);
    const res = await fetch(s.payment_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'; img-src 'self' data:");
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('Coffee &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('My shop');
    expect(html).toContain('Test mode');
    expect(html).toContain('12.50 USD');

    const qrs = qrCodes(html);
    expect(qrs).toHaveLength(s.payment_options.length);
    for (const o of s.payment_options) {
      const key = `${o.network}-${o.currency}`;
      const name = o.network === 'ethereum' ? 'Ethereum' : 'BNB Smart Chain';
      const qr = qrs.find((q) => q.key === key)!;
      expect(qr, key).toBeDefined();
      expect(qr.label).toContain('QR');
      expect(qr.label).toBe(`QR code: pay 12.50 ${o.currency} on ${name}`);
      // The SVG encodes the option's EIP-681 URI: an independent encoder draws the same modules.
      expect(qr.uri).toBe(o.uri);
      expect(qr.svg).toBe(await expectedQr(o.uri));

      const panel = html.slice(html.indexOf(`id="opt-${key}"`), html.indexOf('</section>', html.indexOf(`id="opt-${key}"`)));
      expect(panel).toContain(`<span class="num" id="amt-${key}">12.50</span> ${o.currency}`);
      expect(panel).toContain(`${name} · ${o.token_standard}`);
      // The address is shown in groups of four; its text is the address.
      const address = /<code class="value address" id="addr-[^"]+">([\s\S]*?)<\/code>/.exec(panel)![1]!.replace(/<[^>]+>/g, '');
      expect(address).toBe(o.address);
      expect(panel).toContain(`data-copy-target="addr-${key}" aria-label="Copy address"`);
      expect(panel).toContain(`data-copy-target="amt-${key}" aria-label="Copy amount"`);
      expect(panel).toContain(`Send only ${o.currency} (${o.token_standard}) on ${name} to this address.`);
      expect(panel).toContain(`href="${o.uri.replace(/&/g, '&amp;')}"`);
    }
    // The pickers: one radio per network and per coin, the first of each checked.
    expect(html).toMatch(/<input class="vh" type="radio" name="network" id="pick-network-ethereum" value="ethereum" checked><label for="pick-network-ethereum">Ethereum<\/label>/);
    expect(html).toContain('<label for="pick-network-bsc">BNB Smart Chain</label>');
    expect(html).toMatch(/name="coin" id="pick-coin-USDT" value="USDT" checked>/);
    expect(html).toContain('<label for="pick-coin-USDC">USDC</label>');
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toContain('Waiting for payment');

    const css = await (await fetch(`${t.url}/pay/assets/checkout.css`)).text();
    expect(css).toContain('#pick-network-bsc:checked');
    const js = await (await fetch(`${t.url}/pay/assets/checkout.js`)).text();
    expect(js).toContain('EventSource');
    expect(js).toContain('/status');
    // The tab shows the app's icon, which browsers asking for /favicon.ico unasked get too.
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const icon = await fetch(`${t.url}${path}`);
      expect(icon.headers.get('content-type')).toBe('image/svg+xml');
      expect(await icon.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  test('a fiat-priced page shows the coin amounts to send', async () => {
    const s = await create({}, '12.50', 'EUR');
    const html = await (await fetch(s.payment_url)).text();
    expect(html).toContain('12.50 EUR');
    expect(html).toContain('13.50 USDT or 13.50 USDC');
    expect(html).toContain('<span class="num" id="amt-bsc-USDT">13.50</span> USDT');
    expect(qrCodes(html).find((q) => q.key === 'bsc-USDT')!.uri).toMatch(/uint256=13500000000000000000$/);
  });

  test('/status carries the options and payments; the stream starts with the same snapshot', async () => {
    const s = await create();
    const status = (await t.api('GET', `/pay/${s.session_id}/status`, { key: null })).body.data;
    expect(status).toMatchObject({ session_id: s.session_id, status: 'PENDING', status_text: 'Waiting for payment', detail: null, payments: [] });
    expect(status.payment_options).toHaveLength(4);
    for (const o of s.payment_options) {
      expect(status.payment_options).toContainEqual({
        network: o.network,
        network_name: o.network === 'ethereum' ? 'Ethereum' : 'BNB Smart Chain',
        token_standard: o.token_standard,
        currency: o.currency,
        amount_due: '12.500000',
        address: o.address,
        reference: null,
        uri: o.uri,
        qr: { content: 'uri', payload: o.uri },
        delayed: null,
      });
    }
    const stream = openStream(`${t.url}/pay/${s.session_id}/stream`);
    try {
      await stream.ready;
      const first = await stream.next(() => true, 5000);
      expect(first).toEqual(status);
    } finally {
      stream.close();
    }
  });

  test('paying on chain: partial payment updates amounts and QR, full payment reaches SUCCEEDED live', async () => {
    const s = await create({ success_url: 'https://shop.example/thanks', cancel_url: 'https://shop.example/cart' });
    const option = s.payment_options.find((o: any) => o.network === 'ethereum' && o.currency === 'USDT');
    const devnet = evmDevnetOf(t.core.chains, 'ethereum');
    const stream = openStream(`${t.url}/pay/${s.session_id}/stream`);
    try {
      await stream.ready;
      await stream.next((d) => d.status === 'PENDING');

      await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: option.address, amountBaseUnits: 5_000_000n });
      const partial = await stream.next((d) => d.exception === 'UNDERPAID');
      expect(partial.status).toBe('PENDING');
      expect(partial.status_text).toBe('Partly paid: 7.50 USDT or USDC still due');
      expect(partial.payment_options.every((o: any) => o.amount_due === '7.500000')).toBe(true);
      expect(partial.payments).toHaveLength(1);
      expect(partial.payments[0]).toMatchObject({ network: 'ethereum', currency: 'USDT', amount: '5.000000', explorer_url: null });
      // The page's QR now asks for the rest.
      const html = await (await fetch(s.payment_url)).text();
      expect(html).toContain('Partly paid: 7.50 USDT or USDC still due');
      expect(html).toContain('<span class="num" id="amt-ethereum-USDT">7.50</span> USDT');
      const qr = qrCodes(html).find((q) => q.key === 'ethereum-USDT')!;
      expect(qr.uri).toMatch(/uint256=7500000$/);
      expect(qr.svg).toBe(await expectedQr(qr.uri));
      expect(qr.label).toBe('QR code: pay 7.50 USDT on Ethereum');
      expect(html).toContain('Payments received');

      const paid = await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: option.address, amountBaseUnits: 7_500_000n });
      const succeeded = await stream.next((d) => d.status === 'SUCCEEDED');
      expect(succeeded).toMatchObject({ status_text: 'Paid', success_url: 'https://shop.example/thanks' });
      expect(succeeded.payments).toHaveLength(2);
      expect(succeeded.payments.map((p: any) => p.tx_hash)).toContain(paid.txHash);
    } finally {
      stream.close();
    }
    const final = await pollStatus(t, s.session_id, (d) => d.status === 'SUCCEEDED');
    expect(final.status).toBe('SUCCEEDED');
    expect(final.payments.every((p: any) => p.status === 'confirmed' && p.confirmations >= 2)).toBe(true);
    const html = await (await fetch(s.payment_url)).text();
    expect(html).toContain('data-status="SUCCEEDED"');
    expect(html).toContain('href="https://shop.example/thanks"');
    expect(html).toMatch(/<section class="pay" aria-labelledby="pay-title" hidden>/);
  }, 60_000);

  test('a single full payment is found by polling /status alone', async () => {
    const s = await create({}, '3.00');
    const option = s.payment_options.find((o: any) => o.network === 'bsc' && o.currency === 'USDC');
    const devnet = evmDevnetOf(t.core.chains, 'bsc');
    await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDC', to: option.address, amountBaseUnits: 3n * 10n ** 18n });
    const data = await pollStatus(t, s.session_id, (d) => d.status === 'SUCCEEDED');
    expect(data.status).toBe('SUCCEEDED');
    expect(data.payments).toEqual([expect.objectContaining({ network: 'bsc', network_name: 'BNB Smart Chain', currency: 'USDC', amount: '3.000000', status: 'confirmed' })]);
    expect(data.success_url).toBeNull();
  }, 60_000);
});

describe('with the Solana devnet', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off' } } });
    await waitForSolanaPayable(t);
  }, 60_000);
  afterAll(async () => t?.stop());

  test('a Solana panel is the Solana Pay request only: its QR and wallet link, the shop\'s wallet shown without a copy button, and why', async () => {
    const s = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'USD', { description: '2 coffees' }) })).body.data;
    expect(s.payment_options.map((o: any) => `${o.network}-${o.currency}`).sort()).toEqual(['solana-USDC', 'solana-USDT']);
    const html = await (await fetch(s.payment_url)).text();
    for (const o of s.payment_options) {
      const key = `solana-${o.currency}`;
      const qr = qrCodes(html).find((q) => q.key === key)!;
      // The QR is the request with this session's reference, as a Solana Pay wallet reads it.
      expect(qr.uri).toBe(o.uri);
      expect(qr.svg).toBe(await expectedQr(o.uri));
      const request = parseURL(qr.uri) as TransferRequestURL;
      expect(request.recipient.toBase58()).toBe(o.address);
      expect(request.reference?.map((r) => r.toBase58())).toEqual([o.reference]);
      expect(request.amount?.toString()).toBe('12.5');

      const panel = html.slice(html.indexOf(`id="opt-${key}"`), html.indexOf('</section>', html.indexOf(`id="opt-${key}"`)));
      expect(panel).toContain('Scan with a Solana Pay wallet (Phantom, Solflare…)');
      expect(panel).toContain(`<span class="num" id="amt-${key}">12.50</span> ${o.currency}`);
      expect(panel).toContain('Solana · SPL');
      const address = /<code class="value address" id="addr-[^"]+">([\s\S]*?)<\/code>/.exec(panel)![1]!.replace(/<[^>]+>/g, '');
      expect(address).toBe(o.address);
      // Copied and paid by hand, the address would name no session: nothing on the panel copies.
      expect(panel).not.toContain('data-copy-target');
      expect(panel).not.toContain('to this address');
      expect(unescape(panel)).toContain("A transfer typed by hand to the shop's address is not matched to your payment.");
      expect(panel).toContain(`<a class="wallet" href="${o.uri.replace(/&/g, '&amp;')}"`);
    }
    // The feed the till and the display read carries the reference, by which they know the address is shared.
    const status = (await t.api('GET', `/pay/${s.session_id}/status`, { key: null })).body.data;
    for (const o of s.payment_options) {
      expect(status.payment_options).toContainEqual(expect.objectContaining({ network: 'solana', currency: o.currency, address: o.address, reference: o.reference, qr: { content: 'uri', payload: o.uri } }));
    }
  });
});

describe('without chains', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore({ expiryMaxSleepMs: 50 });
  });
  afterAll(async () => t?.stop());

  test('a session with no ready network says there is no way to pay yet', async () => {
    const s = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '9.90') })).body.data;
    expect(s.payment_options).toEqual([]);
    const html = await (await fetch(s.payment_url)).text();
    expect(html).toContain('No payment options are available right now');
    expect(html).not.toContain('class="qr"');
    expect(html).not.toContain('name="network"');
    const status = (await t.api('GET', `/pay/${s.session_id}/status`, { key: null })).body.data;
    expect(status.payment_options).toEqual([]);
    expect(status.payments).toEqual([]);
  });

  test('canceled and expired sessions say so, hide the payment details and link back to the shop', async () => {
    const body = shapeA(t.merchantId, '5.00', 'USD', { cancel_url: 'https://shop.example/cart?a=1&b=2' });
    const canceled = (await t.api('POST', '/v1/payment/sessions', { body })).body.data;
    expect((await t.api('POST', `/v1/payment/sessions/${canceled.session_id}/cancel`)).status).toBe(200);
    let html = await (await fetch(canceled.payment_url)).text();
    expect(html).toContain('This payment request was canceled');
    expect(html).toContain('href="https://shop.example/cart?a=1&amp;b=2"');
    expect(html).toMatch(/<p class="countdown" hidden>/);
    expect(html).toMatch(/<section class="pay pay-none" aria-labelledby="pay-title" hidden>/);

    const expiring = (await t.api('POST', '/v1/payment/sessions', { body })).body.data;
    t.advance(15 * 60 * 1000 + 1);
    const data = await pollStatus(t, expiring.session_id, (d) => d.status === 'EXPIRED');
    expect(data).toMatchObject({ status: 'EXPIRED', status_text: 'This payment request has expired', cancel_url: 'https://shop.example/cart?a=1&b=2' });
    html = await (await fetch(expiring.payment_url)).text();
    expect(html).toContain('This payment request has expired');
    expect(html).toMatch(/<p class="back"><a id="back-link" href="https:\/\/shop.example\/cart\?a=1&amp;b=2">/);
  });

  test('an unknown session is a 404 page and a 404 error on /status and /stream', async () => {
    const page = await fetch(`${t.url}/pay/ps_unknown`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Payment not found');
    expect((await fetch(`${t.url}/pay/ps_unknown/status`)).status).toBe(404);
    expect((await fetch(`${t.url}/pay/ps_unknown/stream`)).status).toBe(404);
  });
});
