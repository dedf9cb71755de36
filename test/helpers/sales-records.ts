/**
 * Records of sales for the store contract tests (test/stores/): a merchant to hang them on, and a
 * session, payment and deposit with every field set, to override per test.
 */
import type { Deposit } from '../../src/domain/deposit.js';
import type { Payment } from '../../src/domain/payment.js';
import type { PaymentSession } from '../../src/domain/session.js';
import type { Stores } from '../../src/storage/stores.js';

export const T0 = 1_790_000_000_000;

/** Adds merchant `id` with its first domain `${id}_dom`. */
export async function addMerchant(s: Stores, id = 'm_1', createdAt = T0): Promise<string> {
  await s.merchants.insert({ id, name: `Shop ${id}`, domainId: `${id}_dom`, domain: `${id}.example`, createdAt });
  return id;
}

export function sessionOf(overrides: Partial<PaymentSession> = {}): PaymentSession {
  return {
    id: 'ps_1',
    merchantId: 'm_1',
    merchantDomainId: 'm_1_dom',
    livemode: false,
    status: 'PENDING',
    exception: null,
    currency: 'USD',
    amountMinor: 1250n,
    amountReceivedMinor: 0n,
    amountRefundedMinor: 0n,
    tipMinor: 0n,
    description: null,
    clientReferenceId: null,
    metadata: {},
    lineItems: [],
    successUrl: null,
    cancelUrl: null,
    resolvedBy: null,
    shiftId: null,
    createdBy: null,
    createdAt: T0,
    expiresAt: T0 + 900_000,
    updatedAt: T0,
    quotes: [],
    ...overrides,
  };
}

export function paymentOf(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay_1',
    sessionId: 'ps_1',
    network: 'ethereum',
    livemode: false,
    currency: 'USDT',
    tokenContract: '0xToken',
    txId: '0xtx1',
    eventIndex: 0,
    blockNumber: 100,
    blockRef: '0xblock100',
    blockTime: T0 + 1000,
    from: '0xfrom',
    to: '0xto',
    amountBase: 12_500_000n,
    amountMinor: 12_500_000n,
    confirmations: 0,
    status: 'detected',
    detectedAt: T0 + 2000,
    ...overrides,
  };
}

export function depositOf(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 'dep_1',
    merchantId: 'm_1',
    network: 'ethereum',
    livemode: false,
    txId: '0xdep1',
    eventIndex: 0,
    blockNumber: 200,
    blockRef: '0xblock200',
    blockTime: T0 + 1000,
    confirmations: 0,
    confirmed: false,
    from: '0xsender',
    to: '0xmerchant',
    currency: 'USDT',
    tokenContract: '0xToken',
    amountBase: 5_000_000n,
    decimals: 6,
    reason: 'late',
    status: 'unmatched',
    createdAt: T0,
    resolvedSessionId: null,
    refundId: null,
    note: null,
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  };
}
