/**
 * Explorer links come from the API (each network's `liveExplorerTx`), so the screens never keep a map
 * of their own: a live payment's and a live refund payout's transaction link to the network's public
 * explorer; a devnet's transactions are on none, and link nowhere.
 */
import { expect, test } from 'vitest';
import { NETWORKS } from '../../src/chains/registry.js';
import type { Payment } from '../../src/domain/payment.js';
import type { Refund } from '../../src/domain/refund.js';
import type { PaymentSession } from '../../src/domain/session.js';
import { presentRefund } from '../../src/http/presenters/refund-presenter.js';
import { presentSession } from '../../src/http/presenters/session-presenter.js';
import type { RefundView } from '../../src/services/refund-service.js';

const NOW = Date.UTC(2026, 0, 5, 12);
const TX = 'a4c1d6e0f2b3948576a1b2c3d4e5f60718293a4b5c6d7e8f9012345678901234';

function session(livemode: boolean): PaymentSession {
  return {
    id: `ps_${livemode ? 'live' : 'test'}`,
    merchantId: 'mer_1',
    merchantDomainId: 'dom_1',
    livemode,
    status: 'SUCCEEDED',
    exception: null,
    currency: 'USDT',
    amountMinor: 5_000_000n,
    amountReceivedMinor: 5_000_000n,
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
    createdAt: NOW,
    expiresAt: NOW + 60_000,
    updatedAt: NOW,
    quotes: [],
  };
}

function payment(network: string, livemode: boolean): Payment {
  return {
    id: 'pay_1',
    sessionId: session(livemode).id,
    network,
    livemode,
    currency: 'USDT',
    tokenContract: 'token',
    txId: TX,
    eventIndex: 0,
    blockNumber: 10,
    blockRef: 'block',
    blockTime: NOW,
    from: 'payer',
    to: 'deposit',
    amountBase: 5_000_000n,
    amountMinor: 5_000_000n,
    confirmations: 20,
    status: 'confirmed',
    detectedAt: NOW,
  };
}

function refund(network: string, livemode: boolean, txId: string | null): RefundView {
  const r = {
    id: 're_1',
    merchantId: 'mer_1',
    livemode,
    sessionId: session(livemode).id,
    paymentId: 'pay_1',
    network,
    currency: 'USDT',
    tokenContract: 'token',
    decimals: 6,
    amountMinor: 1_000_000n,
    amountPricingMinor: 1_000_000n,
    amountBase: 1_000_000n,
    destination: 'payer',
    destinationSource: 'payer',
    status: txId ? 'SUCCEEDED' : 'PENDING',
    reason: null,
    actionReason: null,
    failureReason: null,
    payoutMethod: 'wallet',
    fromAddress: 'refund wallet',
    payoutKey: null,
    payoutData: null,
    rawTx: null,
    txId,
    blockNumber: txId ? 11 : null,
    confirmations: txId ? 20 : 0,
    broadcasts: txId ? 1 : 0,
    lastError: null,
    depositId: null,
    ledgerEntries: [],
    createdAt: NOW,
    updatedAt: NOW,
  } satisfies Refund;
  return { refund: r, session: { currency: 'USDT' }, payment: null, uri: null, uriContent: null, confirmationsRequired: 19, nonce: null };
}

test.each(NETWORKS.map((n) => [n.id, n.liveExplorerTx]))('%s: live transactions link to %s…, devnet ones nowhere', (network, explorer) => {
  const live = presentSession({ session: session(true), payments: [payment(network, true)], options: [], booked: [] }, 'https://shop.example');
  expect(live.payments[0]!.explorer_url).toBe(explorer + TX);
  const test = presentSession({ session: session(false), payments: [payment(network, false)], options: [], booked: [] }, 'https://shop.example');
  expect(test.payments[0]!.explorer_url).toBeNull();

  expect(presentRefund(refund(network, true, TX)).payout.explorer_url).toBe(explorer + TX);
  expect(presentRefund(refund(network, false, TX)).payout.explorer_url).toBeNull();
  expect(presentRefund(refund(network, true, null)).payout.explorer_url).toBeNull(); // not signed yet
});

test('a live TRON transaction links to Tronscan by its txID (64 hex digits, no 0x)', () => {
  const live = presentSession({ session: session(true), payments: [payment('tron', true)], options: [], booked: [] }, 'https://shop.example');
  expect(live.payments[0]!.explorer_url).toBe(`https://tronscan.org/#/transaction/${TX}`);
  expect(presentRefund(refund('tron', true, TX)).payout.explorer_url).toBe(`https://tronscan.org/#/transaction/${TX}`);
});
