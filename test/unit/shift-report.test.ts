/**
 * The shift report as a pure function (domain/shift-report.ts): money per coin × network from the
 * ledger's parts, tips in the coin paid at the locked rate, refunds by their own network, the
 * reporting currency (and a coin without a rate left out and named), per staff member, and what was
 * charged against what arrived (canceled sales and unpaid expired ones asked nothing).
 */
import { expect, test } from 'vitest';
import type { Deposit } from '../../src/domain/deposit.js';
import type { MoneyParts } from '../../src/domain/ledger-summary.js';
import type { Payment } from '../../src/domain/payment.js';
import { RATE_SCALE } from '../../src/domain/rates.js';
import type { Refund } from '../../src/domain/refund.js';
import type { PaymentSession } from '../../src/domain/session.js';
import { allSettled, shiftReport } from '../../src/domain/shift-report.js';
import { sessionOf } from '../helpers/sales-records.js';

const ONE = 10n ** BigInt(RATE_SCALE);
const E6 = 10n ** 6n;
const E5 = 10n ** 5n;
const quotes = [
  { currency: 'USDT' as const, rateScaled: ONE, rateSource: 'test', amountDueMinor: 0n, feeFixedMinor: 0n },
  { currency: 'USDC' as const, rateScaled: ONE, rateSource: 'test', amountDueMinor: 0n, feeFixedMinor: 0n },
];
const sale = (id: string, over: Partial<PaymentSession>) =>
  sessionOf({ id, quotes: quotes.map((q) => ({ ...q, amountDueMinor: (over.amountMinor ?? 1250n) * 10_000n })), createdBy: 'ui:usr_a', ...over });
const payment = (sessionId: string, over: Partial<Payment>): Payment => ({
  id: `pay_${sessionId}`, sessionId, network: 'ethereum', livemode: false, currency: 'USDT', tokenContract: '0xt', txId: `0x${sessionId}`, eventIndex: 0,
  blockNumber: 1, blockRef: '0xb', blockTime: 0, from: '0xf', to: '0xto', amountBase: 0n, amountMinor: 0n, confirmations: 3, status: 'confirmed', detectedAt: 0, ...over,
});
const parts = (currency: 'USDT' | 'USDC', gross: bigint, fees: bigint, tips = 0n): MoneyParts => ({ currency, grossMinor: gross, tipsMinor: tips, feesMinor: fees, refundsMinor: 0n, conversionsMinor: 0n, netMinor: gross - fees });

test('sums per coin × network, in the reporting currency, per staff member, and the reconciliation', () => {
  const tipped = sale('ps_tip', { status: 'SUCCEEDED', amountMinor: 1000n, tipMinor: 200n, amountReceivedMinor: 1200n });
  const onBsc = sale('ps_bsc', { status: 'SUCCEEDED', amountMinor: 500n, amountReceivedMinor: 500n, createdBy: 'ui:usr_b' });
  const inUsdc = sale('ps_usdc', { status: 'SUCCEEDED', amountMinor: 300n, amountReceivedMinor: 300n, createdBy: 'key_1' });
  const over = sale('ps_over', { status: 'SUCCEEDED', exception: 'OVERPAID', amountMinor: 100n, amountReceivedMinor: 150n });
  const canceled = sale('ps_cancel', { status: 'CANCELED', amountMinor: 999n });
  const walkedAway = sale('ps_expired', { status: 'EXPIRED', amountMinor: 700n });
  const late = sale('ps_late', { status: 'EXPIRED', exception: 'PAID_LATE', amountMinor: 400n, amountReceivedMinor: 400n });
  const pending = sale('ps_wait', { status: 'PROCESSING', amountMinor: 800n, amountReceivedMinor: 800n });
  const payments = [
    payment('ps_tip', { amountMinor: 12n * E6 }),
    payment('ps_bsc', { network: 'bsc', amountMinor: 5n * E6 }),
    payment('ps_usdc', { currency: 'USDC', amountMinor: 3n * E6 }),
    payment('ps_over', { amountMinor: 15n * E5 }),
    payment('ps_late', { amountMinor: 4n * E6 }),
    payment('ps_wait', { amountMinor: 8n * E6, status: 'detected', confirmations: 1 }),
    payment('ps_wait', { id: 'pay_orphan', amountMinor: 8n * E6, status: 'orphaned', network: 'polygon' }),
  ];
  const refunds = [
    { id: 're_1', sessionId: 'ps_bsc', network: 'bsc', currency: 'USDT', amountMinor: 1n * E6, status: 'SUCCEEDED' },
    { id: 're_2', sessionId: 'ps_bsc', network: 'bsc', currency: 'USDT', amountMinor: 2n * E6, status: 'FAILED' },
  ] as unknown as Refund[];
  const deposit = { id: 'dep_1', network: 'ethereum', currency: null, amountBase: 10n ** 18n, decimals: 18, to: '0xto', txId: '0xd', reason: 'unsupported_token', status: 'unmatched' } as unknown as Deposit;
  const booked = new Map<string, MoneyParts[]>([
    ['ps_tip', [parts('USDT', 12n * E6, 280_000n, 2n * E6)]],
    ['ps_bsc', [parts('USDT', 5n * E6, 175_000n)]],
    ['ps_usdc', [parts('USDC', 3n * E6, 145_000n)]],
    ['ps_over', [parts('USDT', 15n * E5, 122_500n)]],
  ]);
  const r = shiftReport({
    sessions: [tipped, onBsc, inUsdc, over, canceled, walkedAway, late, pending],
    payments,
    refunds,
    deposits: [deposit],
    booked,
    staffNames: new Map([['ui:usr_a', 'Ana'], ['ui:usr_b', 'Ben']]),
    reportingCurrency: 'EUR',
    // 1 USDT = 0.5 EUR (a round rate to check by hand); USDC has none.
    rates: { USDT: ONE / 2n, USDC: null },
    at: Date.UTC(2026, 10, 28, 18),
  });

  expect(r.generated_at).toBe('2026-11-28T18:00:00.000Z');
  expect(r.sales).toEqual({
    count: 8,
    by_status: { PENDING: 0, PROCESSING: 1, SUCCEEDED: 4, EXPIRED: 2, CANCELED: 1 },
    by_exception: { UNDERPAID: 0, OVERPAID: 1, PAID_LATE: 1 },
  });
  expect(r.by_coin_network).toEqual([
    { currency: 'USDC', network: 'ethereum', sales: 1, gross: '3.000000', tips: '0.000000', refunds: '0.000000', fees: '0.145000', net: '2.855000' },
    { currency: 'USDT', network: 'bsc', sales: 1, gross: '5.000000', tips: '0.000000', refunds: '1.000000', fees: '0.175000', net: '3.825000' },
    { currency: 'USDT', network: 'ethereum', sales: 2, gross: '13.500000', tips: '2.000000', refunds: '0.000000', fees: '0.402500', net: '13.097500' },
  ]);
  // USDT only (USDC has no rate): 18.5 gross, 2 tips, 1 refunded, 0.5775 fees, at 0.5.
  expect(r.reporting).toEqual({ currency: 'EUR', gross: '9.25', tips: '1.00', refunds: '0.50', fees: '0.29', net: '8.46', rates: { USDT: '0.5' }, missing_rates: ['USDC'] });
  expect(r.staff).toEqual([
    { staff: 'key_1', name: 'key_1', sessions: 1, succeeded: 1, gross: '0.00', tips: '0.00', refunds: '0.00', fees: '0.00', net: '0.00' },
    { staff: 'ui:usr_a', name: 'Ana', sessions: 6, succeeded: 2, gross: '6.75', tips: '1.00', refunds: '0.00', fees: '0.20', net: '6.55' },
    { staff: 'ui:usr_b', name: 'Ben', sessions: 1, succeeded: 1, gross: '2.50', tips: '0.00', refunds: '0.50', fees: '0.09', net: '1.91' },
  ]);
  // Asked: 12 + 5 + 3 + 1 + 4 + 8 (the canceled and the unpaid expired ones asked nothing); received: 12 + 5 + 3 + 1.5 + 4 + 8.
  expect(r.reconciliation.charged).toEqual([{ currency: 'USD', charged: '33.00', received: '33.50', difference: '0.50' }]);
  expect(r.reconciliation.overpaid).toEqual([{ session_id: 'ps_over', currency: 'USD', amount_total: '1.00', amount_received: '1.50', difference: '0.50' }]);
  expect(r.reconciliation.late).toEqual([{ session_id: 'ps_late', currency: 'USD', amount_total: '4.00', amount_received: '4.00', difference: '0.00' }]);
  expect(r.reconciliation.underpaid).toEqual([]);
  expect(r.reconciliation.unconfirmed).toEqual([{ payment_id: 'pay_ps_wait', session_id: 'ps_wait', network: 'ethereum', currency: 'USDT', amount: '8.000000', tx_id: '0xps_wait', confirmations: 1 }]);
  expect(r.reconciliation.unmatched_deposits).toEqual([
    { deposit_id: 'dep_1', network: 'ethereum', currency: null, amount_base: '1000000000000000000', decimals: 18, to: '0xto', tx_id: '0xd', reason: 'unsupported_token', status: 'unmatched' },
  ]);
  expect(allSettled(payments)).toBe(false);
  expect(allSettled(payments.filter((p) => p.status !== 'detected'))).toBe(true);
});

test('an empty shift: zeros in the reporting currency\'s scale, nothing to reconcile', () => {
  const r = shiftReport({ sessions: [], payments: [], refunds: [], deposits: [], booked: new Map(), staffNames: new Map(), reportingCurrency: 'JPY', rates: {}, at: 0 });
  expect(r.reporting).toEqual({ currency: 'JPY', gross: '0', tips: '0', refunds: '0', fees: '0', net: '0', rates: {}, missing_rates: [] });
  expect(r.by_coin_network).toEqual([]);
  expect(r.staff).toEqual([]);
  expect(r.reconciliation.charged).toEqual([]);
});

