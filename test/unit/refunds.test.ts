import { expect, test } from 'vitest';
import { normalizeEvmAddress } from '../../src/chains/evm/refund-payout.js';
import { ApiError } from '../../src/domain/errors.js';
import type { Payment } from '../../src/domain/payment.js';
import { assertRefundable, chooseRoute, refundableByPayment } from '../../src/domain/refund.js';
import { PassphraseSecretBox } from '../../src/services/secret-box.js';

const pay = (id: string, currency: 'USDT' | 'USDC', amountMinor: bigint, status: Payment['status'] = 'confirmed') =>
  ({ id, currency, amountMinor, status, blockNumber: 1 }) as unknown as Payment;

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? err.code : String(err);
  }
  return 'no error';
};

test('the secret box opens what it sealed, and nothing with another passphrase', () => {
  const box = new PassphraseSecretBox('correct horse battery');
  const secret = new Uint8Array([1, 2, 3, 250]);
  const sealed = box.seal(secret);
  expect(sealed).not.toContain('AQID');
  expect([...box.open(sealed)]).toEqual([...secret]);
  expect(box.seal(secret)).not.toBe(sealed); // fresh salt and IV each time
  expect(() => new PassphraseSecretBox('wrong passphrase').open(sealed)).toThrow(/cannot be opened/);
  const tampered = JSON.parse(sealed);
  tampered.data = Buffer.from('xxxx').toString('base64');
  expect(() => box.open(JSON.stringify(tampered))).toThrow();
});

test('refundable amounts and the route: one payment per refund, never more than is left', () => {
  const payments = [pay('a', 'USDT', 5_000_000n), pay('b', 'USDC', 3_000_000n), pay('c', 'USDT', 9n, 'orphaned')];
  const left = refundableByPayment(payments, [
    { paymentId: 'a', amountMinor: 1_000_000n, status: 'SUCCEEDED' },
    { paymentId: 'a', amountMinor: 4_000_000n, status: 'FAILED' },
  ]);
  expect([...left]).toEqual([['a', 4_000_000n], ['b', 3_000_000n]]);
  expect(chooseRoute(payments, left, {})).toMatchObject({ payment: { id: 'a' }, amountMinor: 4_000_000n });
  expect(chooseRoute(payments, left, { coin: 'USDC' })).toMatchObject({ payment: { id: 'b' }, amountMinor: 3_000_000n });
  expect(chooseRoute(payments, left, { amountMinor: () => 3_500_000n })).toMatchObject({ payment: { id: 'a' } });
  expect(code(() => chooseRoute(payments, left, { coin: 'USDT', amountMinor: () => 4_000_001n }))).toBe('amount_too_large');
  expect(code(() => chooseRoute(payments, left, { amountMinor: () => 5_000_000n }))).toBe('invalid_state'); // 7 left, in two routes
  expect(code(() => chooseRoute(payments, left, { amountMinor: () => 8_000_000n }))).toBe('amount_too_large');
  expect(code(() => chooseRoute(payments, new Map([['a', 0n]]), {}))).toBe('amount_too_large');
});

test('which sessions can be refunded', () => {
  expect(code(() => assertRefundable({ status: 'SUCCEEDED', exception: 'OVERPAID' }))).toBe('no error');
  expect(code(() => assertRefundable({ status: 'EXPIRED', exception: 'PAID_LATE' }))).toBe('no error');
  expect(code(() => assertRefundable({ status: 'EXPIRED', exception: 'UNDERPAID' }))).toBe('no error');
  expect(code(() => assertRefundable({ status: 'CANCELED', exception: 'PAID_LATE' }))).toBe('no error');
  expect(code(() => assertRefundable({ status: 'PENDING', exception: 'UNDERPAID' }))).toBe('invalid_state');
  expect(code(() => assertRefundable({ status: 'PROCESSING', exception: null }))).toBe('invalid_state');
  expect(code(() => assertRefundable({ status: 'EXPIRED', exception: null }))).toBe('invalid_state');
});

test('EVM destinations: hex, checksummed when mixed case, never the zero address', () => {
  expect(normalizeEvmAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  expect(normalizeEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  expect(normalizeEvmAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79C8')).toBeNull();
  expect(normalizeEvmAddress('0x0000000000000000000000000000000000000000')).toBeNull();
  expect(normalizeEvmAddress('70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBeNull();
  expect(normalizeEvmAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBeNull();
});
