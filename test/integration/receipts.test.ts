/**
 * Receipts (docs/receipts.md) over real HTTP, with a sale really paid on the ethereum devnet: the
 * JSON, the printable page and the ESC/POS bytes (read back by test/helpers/escpos-decoder.ts) of
 * the same receipt, a refund on it, the public page without credentials, and the refusals: no
 * receipt before the sale is paid, a bad `format`, another mode's or an unknown session.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { decodeEscPos } from '../helpers/escpos-decoder.js';
import { evmDevnetOf, option, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let eth: Devnet;
/** The paid sale every test reads: shape B, priced in EUR, paid in USDT on ethereum. */
let paid: any;
let payer: string;

const sale = {
  currency: 'EUR',
  mode: 'payment',
  success_url: 'https://shop.example/success',
  cancel_url: 'https://shop.example/cancel',
  line_items: [
    { quantity: 2, price_data: { currency: 'EUR', unit_amount: 350, product_data: { name: 'Café con leche' } } },
    { quantity: 1, price_data: { currency: 'EUR', unit_amount: 425, product_data: { name: 'Tarta de queso' } } },
  ],
};

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } },
    devnetBlockTimeSeconds: 0.2,
    confirmations: { ethereum: 1 },
    testRefundWallet: { fundTokens: 100 },
    refundPollMs: 100,
  });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  const created = await t.api('POST', '/api/v1/checkout/sessions/create', { body: sale });
  expect(created.status, created.text).toBe(200);
  const s = created.body.data;
  // Before anything is paid there is no receipt, as JSON or as the public page.
  expectError(await t.api('GET', `/v1/payment/sessions/${s.session_id}/receipt`), 409, 'invalid_state', 'id');
  const early = await t.api('GET', `/pay/${s.session_id}/receipt`, { key: null });
  expect(early.status).toBe(409);
  expect(early.text).toContain('No receipt yet');

  // The payment page carries the receipt link from the start, hidden until the sale is paid (its script shows it).
  const unpaidPage = (await t.api('GET', `/pay/${s.session_id}`, { key: null })).text;
  expect(unpaidPage).toMatch(/<section class="receipt-link" aria-labelledby="receipt-title" hidden>/);

  const opt = option(s, 'ethereum', 'USDT');
  const sent = await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: opt.address, amountBaseUnits: BigInt(opt.amount_due.replace('.', '')) });
  payer = sent.from;
  paid = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 20_000, 'the sale to be paid');
}, 90_000);
afterAll(async () => t?.stop());

const receiptOf = async (id: string, key?: string) => t.api('GET', `/v1/payment/sessions/${id}/receipt`, key === undefined ? {} : { key });

async function escposOf(id: string): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await fetch(`${t.url}/v1/payment/sessions/${id}/receipt?format=escpos`, { headers: { authorization: `Bearer ${t.testKey}` } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('the receipt of a paid sale', () => {
  test('JSON: the shop, the local time, the lines, tip and total, and the payment with its rate and transaction', async () => {
    const res = await receiptOf(paid.session_id);
    expect(res.status, res.text).toBe(200);
    const r = res.body.data;
    const payment = paid.payments[0];
    expect(r).toMatchObject({
      object: 'receipt',
      session_id: paid.session_id,
      livemode: false,
      receipt_url: `${t.url}/pay/${paid.session_id}/receipt`,
      shop: { name: expect.any(String), domain: expect.any(String) },
      time_zone: expect.any(String),
      description: null,
      line_items: [
        { name: 'Café con leche', quantity: 2, unit_amount: { value: '3.50', currency: 'EUR' }, amount: { value: '7.00', currency: 'EUR' } },
        { name: 'Tarta de queso', quantity: 1, unit_amount: { value: '4.25', currency: 'EUR' }, amount: { value: '4.25', currency: 'EUR' } },
      ],
      amount: { value: '11.25', currency: 'EUR' },
      tip: { value: '0.00', currency: 'EUR' },
      total: { value: '11.25', currency: 'EUR' },
      payments: [{
        network: 'ethereum',
        network_name: 'Ethereum',
        currency: 'USDT',
        amount: payment.amount,
        rate: option(paid, 'ethereum', 'USDT').rate,
        tx_hash: payment.tx_hash,
        explorer_url: null, // test mode: devnets are on no public explorer
      }],
      refunds: [],
    });
    expect(r.rate ?? r.payments[0].rate).toMatch(/^\d+\.\d+$/);
    expect(r.local_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(Math.abs(Date.parse(r.paid_at) - Date.parse(paid.updated_at))).toBeLessThan(60_000);
  });

  test('a cashier signed in to the till gets it too; another mode\'s key and an unknown id get 404', async () => {
    const owner = (await t.api('POST', '/v1/users', { key: t.liveKey, body: { name: 'Rosa', role: 'cashier', pin: '4826' } }));
    expect(owner.status, owner.text).toBe(200);
    const cashier = (await t.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Rosa', pin: '4826' } })).body.data.token;
    const res = await receiptOf(paid.session_id, cashier);
    expect(res.status, res.text).toBe(200);
    expectError(await receiptOf(paid.session_id, t.liveKey), 404, 'resource_missing', 'id');
    expectError(await receiptOf('ps_nope'), 404, 'resource_missing', 'id');
    expectError(await receiptOf(paid.session_id, 'sk_test_nope'), 401, 'api_key_invalid');
  });

  test('bad input: an unknown format or parameter is a 400 naming it', async () => {
    expectError(await t.api('GET', `/v1/payment/sessions/${paid.session_id}/receipt?format=pdf`), 400, 'parameter_invalid', 'format');
    expectError(await t.api('GET', `/v1/payment/sessions/${paid.session_id}/receipt?format=`), 400, 'parameter_invalid', 'format');
    expectError(await t.api('GET', `/v1/payment/sessions/${paid.session_id}/receipt?colour=red`), 400, 'parameter_unknown', 'colour');
  });

  test('format=html: a printable page that loads nothing, with the same content and a QR of the public page', async () => {
    const res = await t.api('GET', `/v1/payment/sessions/${paid.session_id}/receipt?format=html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const html = res.text;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('@page{size:80mm auto');
    for (const text of ['Café con leche', '7.00 EUR', '11.25 EUR', paid.payments[0].tx_hash, 'Test mode', 'QR code: this receipt online']) expect(html).toContain(text);
    expect(html).not.toMatch(/<script|<link|src="http|style="/);
  });

  test('format=escpos: the bytes decode to the same receipt at 48 columns, a QR of the public page, a feed and a partial cut', async () => {
    const { res, bytes } = await escposOf(paid.session_id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const { items, lines } = decodeEscPos(bytes);
    expect(items.slice(0, 2)).toEqual([{ type: 'init' }, { type: 'codepage', n: 16 }]);
    expect(items.at(-2)).toEqual({ type: 'feed', lines: 3 });
    expect(items.at(-1)).toEqual({ type: 'cut', partial: true, feedDots: 0 });
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(48);
    const shop = items.find((x) => x.type === 'text');
    expect(shop).toMatchObject({ align: 'center', bold: true, width: 2, height: 2 });
    expect(lines).toContain('TEST MODE - NO REAL MONEY');
    expect(lines).toContain(`2 x Café con leche${' '.repeat(48 - 18 - 8)}7.00 EUR`);
    expect(lines).toContain('    @ 3.50 EUR');
    expect(lines.find((l) => l.startsWith('TOTAL'))).toMatch(/^TOTAL +11\.25 EUR$/);
    expect(items.find((x) => x.type === 'text' && x.text.startsWith('TOTAL'))).toMatchObject({ bold: true });
    expect(lines.some((l) => l.startsWith('Tip'))).toBe(false); // no tip: no tip line
    expect(lines.find((l) => l.startsWith('Ethereum'))).toMatch(new RegExp(`^Ethereum +${paid.payments[0].amount.replace(/0+$/, '').replace(/\.(\d)$/, '.$10').replace('.', '\\.')} USDT$`));
    // The transaction id is printed whole, cut across lines.
    const tx = lines.slice(lines.findIndex((l) => l.startsWith('Tx '))).join('').replace(/^Tx /, '');
    expect(tx.startsWith(paid.payments[0].tx_hash)).toBe(true);
    expect(items.filter((x) => x.type === 'qr')).toEqual([{ type: 'qr', data: `${t.url}/pay/${paid.session_id}/receipt`, model: 2, moduleSize: 6, level: 'M' }]);
    expect(lines).toContain(paid.session_id);
    expect(lines).toContain('Thank you!');
  });

  test('the public page: no credentials, not indexed, the same receipt; unknown ids are a 404 page', async () => {
    const res = await t.api('GET', `/pay/${paid.session_id}/receipt`, { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'; img-src 'self' data:");
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).toContain('<link rel="stylesheet" href="/pay/assets/receipt.css">');
    for (const text of ['Tarta de queso', '11.25 EUR', paid.payments[0].tx_hash, 'not on a public explorer']) expect(res.text).toContain(text);
    // Nothing beyond the receipt: no payer address, no deposit address, no merchant id.
    expect(res.text.toLowerCase()).not.toContain(payer.toLowerCase());
    expect(res.text.toLowerCase()).not.toContain(option(paid, 'ethereum', 'USDT').address.toLowerCase());
    expect(res.text).not.toContain(t.merchantId);
    const css = await t.api('GET', '/pay/assets/receipt.css', { key: null });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const missing = await t.api('GET', '/pay/ps_nope/receipt', { key: null });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Receipt not found');
  });

  test('after "Paid" the payment page shows the receipt link and its QR', async () => {
    const page = (await t.api('GET', `/pay/${paid.session_id}`, { key: null })).text;
    expect(page).toMatch(/<section class="receipt-link" aria-labelledby="receipt-title">/);
    expect(page).toContain(`<a class="button" id="receipt-link" href="${t.url}/pay/${paid.session_id}/receipt">View your receipt</a>`);
    expect(page).toContain('aria-label="QR code: your receipt, to open on your phone"');
  });

  test('a refund shows on every drawing of the receipt, with its transaction once paid out', async () => {
    const created = await t.api('POST', '/v1/refunds', { body: { session_id: paid.session_id, amount: { value: '4.25', currency: 'EUR' }, reason: 'cake returned' } });
    expect(created.status, created.text).toBe(200);
    const refund = await waitFor(async () => {
      const r = (await t.api('GET', `/v1/refunds/${created.body.data.id}`)).body.data;
      return r.status === 'SUCCEEDED' ? r : false;
    }, 30_000, 'the refund to succeed');
    const r = (await receiptOf(paid.session_id)).body.data;
    expect(r.refunds).toEqual([{ network: 'ethereum', network_name: 'Ethereum', amount: refund.amount, tx_hash: refund.payout.tx_hash, explorer_url: null, status: 'SUCCEEDED' }]);
    expect(r.total).toEqual({ value: '11.25', currency: 'EUR' }); // what was charged stays; the refund is listed apart
    const { lines } = decodeEscPos((await escposOf(paid.session_id)).bytes);
    expect(lines).toContain('REFUNDS');
    expect(lines.find((l) => l.startsWith('Ethereum, refunded'))).toMatch(/-\d+\.\d+ USDT$/);
    const page = (await t.api('GET', `/pay/${paid.session_id}/receipt`, { key: null })).text;
    expect(page).toContain('Refunds');
    expect(page).toContain(refund.payout.tx_hash);
  }, 60_000);
});
