/**
 * The receipt model and its ESC/POS drawing, pure: which sessions have a receipt, explorer links in
 * live mode only (from the chains' registry), the tip hook, and the bytes as the decoder reads them
 * back (columns, accents, long names and ids, nothing a merchant types reaching the printer as a command).
 */
import { describe, expect, test } from 'vitest';
import { networkInfo, networkName } from '../../src/chains/registry.js';
import type { Merchant } from '../../src/domain/merchant.js';
import type { Payment } from '../../src/domain/payment.js';
import { buildReceipt, type NetworkFacts } from '../../src/domain/receipt.js';
import type { Refund } from '../../src/domain/refund.js';
import type { PaymentSession } from '../../src/domain/session.js';
import { RATE_ONE } from '../../src/domain/rates.js';
import { escposReceipt, wrap } from '../../src/receipt/escpos-receipt.js';
import { renderReceiptPage } from '../../src/http/checkout/receipt-page.js';
import { decodeEscPos } from '../helpers/escpos-decoder.js';

const networks: NetworkFacts = (n) => ({ name: networkName(n), liveExplorerTx: networkInfo(n)?.liveExplorerTx ?? null });
const PAID_AT = Date.UTC(2026, 10, 28, 13, 5);

const merchant: Merchant = {
  id: 'mer_1', name: 'Panadería Ñandú', timeZone: 'Europe/Madrid', reportingCurrency: 'EUR', defaultCurrency: 'EUR', feeBps: 0, feeFixedUsdCents: 0,
  sessionExpirySeconds: 900, monitoringWindowSeconds: 3600, settlementCurrency: null, conversionFeeBps: 0, createdAt: 0,
  tips: { enabled: true, percentages: [10, 15, 20], custom: true },
  domains: [{ id: 'dom_1', domain: 'nandu.example', createdAt: 0 }],
};

const session = (over: Partial<PaymentSession> = {}): PaymentSession => ({
  id: 'ps_receipt1', merchantId: 'mer_1', merchantDomainId: 'dom_1', livemode: true, status: 'SUCCEEDED', exception: null, currency: 'EUR',
  amountMinor: 1125n, amountReceivedMinor: 1125n, amountRefundedMinor: 0n, description: null, clientReferenceId: null, metadata: {},
  lineItems: [{ quantity: 2, unitAmountMinor: 350n, name: 'Café con leche', description: null }, { quantity: 1, unitAmountMinor: 425n, name: 'Tarta de queso', description: null }],
  successUrl: null, cancelUrl: null, resolvedBy: null, tipMinor: 0n, shiftId: null, createdBy: null, createdAt: PAID_AT - 60_000, expiresAt: PAID_AT + 900_000, updatedAt: PAID_AT,
  quotes: [{ currency: 'USDT', rateScaled: (RATE_ONE * 10834n) / 10000n, rateSource: 'ecb', amountDueMinor: 12_190_000n, feeFixedMinor: 0n }],
  ...over,
});

const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 'pay_1', sessionId: 'ps_receipt1', network: 'solana', livemode: true, currency: 'USDT', tokenContract: 'mint', txId: '5'.repeat(88), eventIndex: 0,
  blockNumber: 1, blockRef: 'b', blockTime: PAID_AT, from: 'payer', to: 'shop', amountBase: 12_190_000n, amountMinor: 12_190_000n, confirmations: 32,
  status: 'confirmed', detectedAt: PAID_AT, ...over,
});

const refund = { id: 're_1', sessionId: 'ps_receipt1', network: 'solana', currency: 'USDT', amountMinor: 4_610_000n, txId: '7'.repeat(88), status: 'SUCCEEDED', createdAt: PAID_AT + 1000 } as unknown as Refund;

describe('the receipt model', () => {
  test('a live sale: the shop and its domain, the local time, lines, the rate and the explorer links from the registry', () => {
    const r = buildReceipt({ session: session(), payments: [payment(), payment({ id: 'pay_x', status: 'orphaned', txId: 'gone' })], refunds: [refund], merchant, networks });
    expect(r).toMatchObject({ shop: { name: 'Panadería Ñandú', domain: 'nandu.example' }, localTime: '2026-11-28 14:05', timeZone: 'Europe/Madrid', amountMinor: 1125n, tipMinor: 0n, totalMinor: 1125n });
    expect(r.lines.map((l) => l.amountMinor)).toEqual([700n, 425n]);
    expect(r.payments).toEqual([{ network: 'solana', networkName: 'Solana', coin: 'USDT', amountMinor: 12_190_000n, rate: '1.0834', txId: '5'.repeat(88), explorerUrl: `https://solscan.io/tx/${'5'.repeat(88)}` }]);
    expect(r.refunds).toEqual([{ network: 'solana', networkName: 'Solana', coin: 'USDT', amountMinor: 4_610_000n, txId: '7'.repeat(88), explorerUrl: `https://solscan.io/tx/${'7'.repeat(88)}`, status: 'SUCCEEDED' }]);
    for (const [network, prefix] of [['ethereum', 'https://etherscan.io/tx/'], ['bsc', 'https://bscscan.com/tx/'], ['tron', 'https://tronscan.org/#/transaction/']]) {
      expect(buildReceipt({ session: session(), payments: [payment({ network: network! })], refunds: [], merchant, networks }).payments[0]!.explorerUrl).toBe(`${prefix}${'5'.repeat(88)}`);
    }
  });

  test('test mode has no explorer links; a stablecoin price has no rate', () => {
    const r = buildReceipt({ session: session({ livemode: false, currency: 'USDT', amountMinor: 5_000_000n }), payments: [payment({ livemode: false })], refunds: [refund], merchant, networks });
    expect(r.payments[0]).toMatchObject({ explorerUrl: null, rate: null });
    expect(r.refunds[0]!.explorerUrl).toBeNull();
  });

  test('only a SUCCEEDED session has a receipt (409 invalid_state)', () => {
    for (const status of ['PENDING', 'PROCESSING', 'EXPIRED', 'CANCELED'] as const) {
      expect(() => buildReceipt({ session: session({ status }), payments: [payment()], refunds: [], merchant, networks })).toThrow(expect.objectContaining({ code: 'invalid_state', param: 'id' }));
    }
  });

  test('a tip: its own line, and the total is the amount and the tip', () => {
    const r = buildReceipt({ session: session({ tipMinor: 169n, amountReceivedMinor: 1294n }), payments: [payment()], refunds: [], merchant, networks });
    expect(r).toMatchObject({ amountMinor: 1125n, tipMinor: 169n, totalMinor: 1294n });
    const printed = decodeEscPos(escposReceipt(r)).lines.join('\n');
    expect(printed).toMatch(/Tip\s+1\.69 EUR/);
    expect(printed).toMatch(/TOTAL\s+12\.94 EUR/);
  });
});

describe('escposReceipt', () => {
  const receipt = buildReceipt({ session: session(), payments: [payment()], refunds: [refund], merchant, networks });

  test('prints accents in Windows-1252, at 48 or 42 columns, ids whole across lines', () => {
    for (const columns of [48, 42] as const) {
      const { items, lines } = decodeEscPos(escposReceipt(receipt, { columns, receiptUrl: 'https://pos.example/pay/ps_receipt1/receipt' }));
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
      expect(lines[0]).toBe('Panadería Ñandú');
      expect(lines).toContain('2026-11-28 14:05 (Europe/Madrid)');
      expect(lines).not.toContain('TEST MODE - NO REAL MONEY');
      expect(lines.find((l) => l.startsWith('Solana') && l.endsWith('USDT'))).toMatch(/^Solana +12\.19 USDT$/);
      expect(lines).toContain('Rate 1 EUR = 1.0834 USDT');
      const at = lines.findIndex((l) => l.startsWith('Tx 5'));
      let tx = lines[at]!.replace(/^Tx /, '');
      for (let i = at + 1; /^5+$/.test(lines[i]!); i++) tx += lines[i];
      expect(tx).toBe('5'.repeat(88));
      expect(lines.find((l) => l.startsWith('Solana, refunded'))).toMatch(/ -4\.61 USDT$/);
      expect(items.filter((x) => x.type === 'qr').map((x) => (x as { data: string }).data)).toEqual(['https://pos.example/pay/ps_receipt1/receipt']);
    }
  });

  test('a long product name wraps above its amount; control characters and emoji cannot become commands', () => {
    const long = buildReceipt({
      session: session({ lineItems: [{ quantity: 1, unitAmountMinor: 1125n, name: 'Bocadillo de jamón ibérico con tomate y aceite de oliva virgen extra\x1b@\x1dV', description: null }] }),
      payments: [payment()], refunds: [], merchant, networks,
    });
    const { lines, items } = decodeEscPos(escposReceipt(long));
    expect(items.filter((x) => x.type === 'init')).toHaveLength(1);
    expect(items.filter((x) => x.type === 'cut')).toHaveLength(1);
    const at = lines.findIndex((l) => l.startsWith('1 x Bocadillo'));
    const amountAt = lines.findIndex((l, i) => i > at && l.endsWith('11.25 EUR'));
    expect(amountAt).toBeGreaterThan(at); // the name's last words share the amount's line
    expect(lines.slice(at, amountAt + 1).join(' ')).toMatch(/^1 x Bocadillo de jamón ibérico con tomate y aceite de oliva virgen extra @ V +11\.25 EUR$/);
    expect(items.filter((x) => x.type === 'qr')).toEqual([]); // no URL given: no QR
    expect(decodeEscPos(escposReceipt(buildReceipt({ session: session({ description: 'Tea 🍵' , lineItems: [] }), payments: [payment()], refunds: [], merchant, networks }))).lines).toContain('Tea ?');
  });

  test('the decoder refuses a command it does not know', () => {
    expect(() => decodeEscPos(Uint8Array.from([0x1b, 0x40, 0x1b, 0x74, 16, 0x1b, 0x21, 0x00]))).toThrow(/unknown command ESC 0x21/);
    expect(() => decodeEscPos(Uint8Array.from([0x1b, 0x40, 0x41, 0x0a]))).toThrow(/before a code page/);
    expect(() => decodeEscPos(Uint8Array.from([0x1b, 0x40, 0x1b, 0x74, 16, 0x41]))).toThrow(/without a line feed/);
  });

  test('wrap cuts words longer than a line and keeps a label with them', () => {
    expect(wrap('Tx abcdefghij', 6)).toEqual(['Tx abc', 'defghi', 'j']);
    expect(wrap('one two three', 7)).toEqual(['one two', 'three']);
  });
});

describe('the receipt pages', () => {
  const receipt = buildReceipt({ session: session(), payments: [payment()], refunds: [refund], merchant, networks });
  const url = 'https://pos.example/pay/ps_receipt1/receipt';

  test('public, live: each transfer links to its explorer with a QR of it; no receipt QR (the customer is on it); nothing fetched from elsewhere', async () => {
    const html = await renderReceiptPage(receipt, { kind: 'public', receiptUrl: url });
    const explorer = `https://solscan.io/tx/${'5'.repeat(88)}`;
    expect(html).toContain(`<a class="explorer" href="${explorer}" rel="noopener noreferrer" target="_blank"><svg role="img" aria-label="QR code: this transfer on the Solana explorer"`);
    expect(html).toContain(`https://solscan.io/tx/${'7'.repeat(88)}`); // the refund's payout, linked
    expect(html).not.toContain('QR code: this receipt online');
    expect(html).not.toContain('Test mode');
    expect(html).toContain('Panadería Ñandú');
    expect(html).toContain('<time datetime="2026-11-28T13:05:00.000Z">2026-11-28 14:05</time> (Europe/Madrid)');
    expect(html.match(/(?:src|href)="(https?:)?\/\/[^"]*"/g)?.filter((a) => !a.includes('solscan.io')) ?? []).toEqual([]);
  });

  test('printable: the receipt QR, no explorer QR, a merchant\'s text escaped', async () => {
    const odd = buildReceipt({ session: session({ description: '<script>alert(1)</script>' }), payments: [payment()], refunds: [], merchant, networks });
    const html = await renderReceiptPage(odd, { kind: 'print', receiptUrl: url });
    expect(html).toContain('aria-label="QR code: this receipt online"');
    expect(html).not.toContain('class="explorer"');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });
});
