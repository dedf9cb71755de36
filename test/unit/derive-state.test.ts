import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Stablecoin } from '../../src/domain/currencies.js';
import { fromBaseUnits, toBaseUnits } from '../../src/domain/networks.js';
import { coverage, deriveState, remainingDue, resolve, type StateInputs } from '../../src/domain/session-state.js';

const T0 = 1_000_000;
const EXPIRES = T0 + 900_000;
const pay = (currency: Stablecoin, amountMinor: bigint, extra: Partial<{ status: 'detected' | 'confirmed' | 'orphaned'; blockTime: number }> = {}) => ({
  currency,
  amountMinor,
  status: extra.status ?? 'confirmed',
  blockTime: extra.blockTime ?? T0 + 1000,
});
const base = (payments: StateInputs['payments'], over: Partial<StateInputs> = {}): StateInputs => ({
  status: 'PENDING',
  resolvedBy: null,
  amountMinor: 1250n, // 12.50 USD
  expiresAt: EXPIRES,
  due: { USDT: 12_500_000n, USDC: 12_500_000n },
  payments,
  now: T0 + 5000,
  ...over,
});

describe('deriveState', () => {
  test('nothing paid: PENDING, then EXPIRED after the deadline', () => {
    expect(deriveState(base([]))).toEqual({ status: 'PENDING', exception: null, amountReceivedMinor: 0n });
    expect(deriveState(base([], { now: EXPIRES })).status).toBe('EXPIRED');
  });

  test('exact payment: PROCESSING while unconfirmed, SUCCEEDED when confirmed', () => {
    expect(deriveState(base([pay('USDT', 12_500_000n, { status: 'detected' })])).status).toBe('PROCESSING');
    expect(deriveState(base([pay('USDT', 12_500_000n)]))).toEqual({ status: 'SUCCEEDED', exception: null, amountReceivedMinor: 1250n });
  });

  test('partial: PENDING UNDERPAID with the rest due; top-up completes it', () => {
    const partial = [pay('USDT', 5_000_000n)];
    expect(deriveState(base(partial))).toEqual({ status: 'PENDING', exception: 'UNDERPAID', amountReceivedMinor: 500n });
    expect(remainingDue('USDT', partial, { USDT: 12_500_000n, USDC: 12_500_000n })).toBe(7_500_000n);
    expect(deriveState(base([...partial, pay('USDC', 7_500_000n)]))).toEqual({ status: 'SUCCEEDED', exception: null, amountReceivedMinor: 1250n });
    expect(deriveState(base(partial, { now: EXPIRES + 1 }))).toMatchObject({ status: 'EXPIRED', exception: 'UNDERPAID' });
  });

  test('overpaid and paid late', () => {
    expect(deriveState(base([pay('USDT', 13_000_000n)]))).toMatchObject({ status: 'SUCCEEDED', exception: 'OVERPAID', amountReceivedMinor: 1300n });
    const late = [pay('USDT', 12_500_000n, { blockTime: EXPIRES + 1 })];
    expect(deriveState(base(late, { now: EXPIRES + 10 }))).toMatchObject({ status: 'EXPIRED', exception: 'PAID_LATE' });
  });

  test('a payment included before the deadline but seen after it is on time', () => {
    const s = deriveState(base([pay('USDT', 12_500_000n, { blockTime: EXPIRES - 1 })], { now: EXPIRES + 60_000, status: 'EXPIRED' }));
    expect(s.status).toBe('SUCCEEDED');
  });

  test('an orphaned payment counts for nothing: PROCESSING returns to PENDING', () => {
    expect(deriveState(base([pay('USDT', 12_500_000n, { status: 'orphaned' })], { status: 'PROCESSING' }))).toEqual({
      status: 'PENDING',
      exception: null,
      amountReceivedMinor: 0n,
    });
  });

  test('CANCELED and hand-resolved are sticky', () => {
    expect(deriveState(base([pay('USDT', 1n)], { status: 'CANCELED' }))).toMatchObject({ status: 'CANCELED', exception: 'PAID_LATE' });
    const underpaidExpired = base([pay('USDT', 5_000_000n)], { now: EXPIRES + 1, resolvedBy: 'owner' });
    expect(deriveState(underpaidExpired)).toMatchObject({ status: 'SUCCEEDED', exception: 'UNDERPAID' });
  });

  test('resolve only for UNDERPAID or PAID_LATE', () => {
    expect(resolve({ status: 'EXPIRED', exception: 'PAID_LATE' })).toBe('SUCCEEDED');
    expect(resolve({ status: 'PENDING', exception: 'UNDERPAID' })).toBe('SUCCEEDED');
    expect(() => resolve({ status: 'PENDING', exception: null })).toThrow(/UNDERPAID or PAID_LATE/);
    expect(() => resolve({ status: 'SUCCEEDED', exception: 'OVERPAID' })).toThrow();
  });

  test('property: covered exactly when the coins\' fractions of their amounts due sum to at least one', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.record({ coin: fc.constantFrom<Stablecoin>('USDT', 'USDC'), amount: fc.bigInt({ min: 0n, max: 10n ** 12n }) }), { maxLength: 6 }),
        (dueT, dueC, paid) => {
          const due = { USDT: dueT, USDC: dueC };
          const payments = paid.map((p) => pay(p.coin, p.amount));
          const sumT = paid.filter((p) => p.coin === 'USDT').reduce((s, p) => s + p.amount, 0n);
          const sumC = paid.filter((p) => p.coin === 'USDC').reduce((s, p) => s + p.amount, 0n);
          const { num, den } = coverage(payments, due);
          // Σ paid/due ≥ 1  ⇔  sumT·dueC + sumC·dueT ≥ dueT·dueC
          expect(num >= den).toBe(sumT * dueC + sumC * dueT >= dueT * dueC);
          const state = deriveState(base(payments, { due }));
          expect(state.status === 'SUCCEEDED').toBe(num >= den);
          // What is left to pay in one coin, added to what arrived, always covers the session.
          const rest = remainingDue('USDT', payments, due);
          expect(coverage([...payments, pay('USDT', rest)], due).num >= den).toBe(true);
        },
      ),
    );
  });
});

describe('token base units', () => {
  test('18-decimal tokens scale by 10^12 and dust below 10^-6 is not counted', () => {
    expect(toBaseUnits(12_500_000n, 18)).toBe(12_500_000n * 10n ** 12n);
    expect(fromBaseUnits(12_500_000n * 10n ** 12n - 1n, 18)).toBe(12_499_999n);
    expect(toBaseUnits(12_500_000n, 6)).toBe(12_500_000n);
  });
});
