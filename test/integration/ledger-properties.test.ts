/**
 * Property: for any sequence of payments, refunds, conversions and settlements, over all 15 fiat
 * currencies and both coins, every funds account equals the sum of its ledger entries (available and
 * pending apart), every entry has gross = fee + net, and every conversion credits exactly the rate's
 * result rounded down (less than one minor unit kept back, nothing created). Runs the real services
 * over a real SQLite file; the clock is moved to settle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import { CURRENCIES, type Currency, scaleOf, STABLECOINS, type Stablecoin } from '../../src/domain/currencies.js';
import type { Caller } from '../../src/domain/merchant.js';
import type { Payment } from '../../src/domain/payment.js';
import { RATE_SCALE } from '../../src/domain/rates.js';
import type { PaymentSession } from '../../src/domain/session.js';
import { ApiError } from '../../src/domain/errors.js';
import { sqliteDb } from '../helpers/test-core.js';

let dir: string;
let s: CoreServices;
let clock = Date.UTC(2026, 10, 22, 9);
let counter = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-ledger-'));
  s = await createServices(resolveConfig({ dataDir: dir, now: () => clock }));
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const raw = <T>(sql: string, ...args: unknown[]): T[] => sqliteDb(s).$client.prepare(sql).all(...args) as T[];

function paidSession(merchantId: string, livemode: boolean, amounts: Partial<Record<Stablecoin, bigint>>): { session: PaymentSession; payments: Payment[] } {
  const id = `ps_prop${counter++}`;
  const session = {
    id,
    merchantId,
    livemode,
    quotes: STABLECOINS.map((c) => ({ currency: c, rateScaled: 10n ** 12n, rateSource: 'test', amountDueMinor: 1n, feeFixedMinor: 100_000n })),
  } as unknown as PaymentSession;
  const payments = (Object.entries(amounts) as [Stablecoin, bigint][]).map(
    ([currency, amountMinor], i) => ({ id: `pay_${id}_${i}`, sessionId: id, currency, amountMinor, status: 'confirmed' }) as unknown as Payment,
  );
  return { session, payments };
}

type Op =
  | { kind: 'pay'; usdt: bigint; usdc: bigint }
  | { kind: 'refund'; currency: Stablecoin; share: number }
  | { kind: 'convert'; from: Currency; to: Currency; share: number }
  | { kind: 'wait'; hours: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), usdt: fc.bigInt({ min: 0n, max: 10n ** 10n }), usdc: fc.bigInt({ min: 0n, max: 10n ** 10n }) }),
  fc.record({ kind: fc.constant('refund' as const), currency: fc.constantFrom(...STABLECOINS), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('convert' as const), from: fc.constantFrom(...CURRENCIES), to: fc.constantFrom(...CURRENCIES), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 60 }) }),
);

test('balances are the sum of the ledger; gross = fee + net; conversions round down by less than a unit', async () => {
  const merchant = await s.merchants.defaultMerchant();
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York'), async (ops, zone) => {
      await s.merchants.update(merchant.id, { timeZone: zone });
      const livemode = false;
      const caller: Caller = { merchantId: merchant.id, livemode, via: 'test', role: 'owner' };
      for (const o of ops) {
        if (o.kind === 'pay') {
          const { session, payments } = paidSession(merchant.id, livemode, { USDT: o.usdt, USDC: o.usdc });
          const entries = await s.tx(() => s.ledger.bookSessionInTransaction(session, payments));
          // Booking again books nothing: it is by difference.
          expect(await s.tx(() => s.ledger.bookSessionInTransaction(session, payments))).toEqual([]);
          for (const e of entries) expect(e.amountMinor).toBe(o[e.currency === 'USDT' ? 'usdt' : 'usdc']);
        } else if (o.kind === 'refund') {
          // Refunds (their service comes with the refunds issue) debit available funds at once.
          const available = (await s.ledger.account(merchant.id, livemode, o.currency)).availableMinor;
          const amount = BigInt(Math.floor(Number(available) * o.share));
          if (amount > 0n) {
            await s.tx(() =>
              s.ledger.postInTransaction({ merchantId: merchant.id, livemode, type: 'refund', currency: o.currency, amountMinor: -amount, feeMinor: 0n, sourceId: `re_${counter++}`, description: 'refund' }),
            );
          }
        } else if (o.kind === 'convert') {
          const available = (await s.ledger.account(merchant.id, livemode, o.from)).availableMinor;
          const amount = BigInt(Math.floor(Number(available) * o.share));
          try {
            const c = await s.conversions.convert(caller, { fromMinor: amount, fromCurrency: o.from, toCurrency: o.to });
            // Exact value of the credit: amount × rate, scaled; the credit is its floor.
            const num = amount * c.rateScaled * 10n ** BigInt(scaleOf(o.to));
            const den = 10n ** BigInt(RATE_SCALE) * 10n ** BigInt(scaleOf(o.from));
            expect(c.toAmountMinor * den <= num && num < (c.toAmountMinor + 1n) * den).toBe(true);
            expect(c.feeMinor >= 0n && c.feeMinor <= c.toAmountMinor).toBe(true);
          } catch (err) {
            // Refused only for a reason the caller is told: nothing to convert, the same currency, too small.
            expect(err).toBeInstanceOf(ApiError);
            expect(['parameter_invalid', 'amount_too_large']).toContain((err as ApiError).code);
            expect(amount === 0n || o.from === o.to || (err as ApiError).message.includes('too small')).toBe(true);
          }
        } else {
          clock += o.hours * 3600_000;
          await s.settlements.settleDue();
        }
      }

      // Every entry: gross = fee + net; fees are never negative.
      const bad = raw<{ id: string }>('SELECT id FROM balance_transactions WHERE amount_minor != fee_minor + net_minor OR fee_minor < 0');
      expect(bad).toEqual([]);
      // Every account: available + pending = sum of its entries' net; pending = what is scheduled.
      const accounts = raw<{ currency: string; available: number; pending: number }>(
        'SELECT currency, available_minor AS available, pending_minor AS pending FROM funds_accounts WHERE livemode = 0',
      );
      for (const a of accounts) {
        const [sum] = raw<{ net: number | null }>('SELECT SUM(net_minor) AS net FROM balance_transactions WHERE livemode = 0 AND currency = ?', a.currency);
        const [scheduled] = raw<{ amount: number | null }>("SELECT SUM(amount_minor) AS amount FROM settlements WHERE livemode = 0 AND currency = ? AND status = 'scheduled'", a.currency);
        expect(a.available + a.pending).toBe(sum?.net ?? 0);
        expect(a.pending).toBe(scheduled?.amount ?? 0);
        expect(a.available).toBeGreaterThanOrEqual(0);
      }
      // Settled groups hold exactly their entries.
      const groups = raw<{ id: string; amount: number; n: number; sum: number; count: number }>(
        `SELECT s.id, s.amount_minor AS amount, s.entry_count AS n, SUM(b.net_minor) AS sum, COUNT(b.id) AS count
         FROM settlements s JOIN balance_transactions b ON b.settles = 1 AND b.currency = s.currency AND b.available_on = s.available_on AND b.livemode = s.livemode
         GROUP BY s.id`,
      );
      for (const g of groups) expect([g.amount, g.n]).toEqual([g.sum, g.count]);
    }),
    { numRuns: 60 },
  );
});
