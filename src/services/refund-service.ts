import { type Currency, type Stablecoin, isStablecoin } from '../domain/currencies.js';
import { convertMinor } from '../domain/conversion.js';
import { ApiError, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import { RATE_SCALE } from '../domain/rates.js';
import { type FamilyId, fromBaseUnits, type Network, toBaseUnits } from '../domain/networks.js';
import type { Payment } from '../domain/payment.js';
import type { QrContent } from '../domain/payment-option.js';
import type { PayoutPort } from '../domain/payout.js';
import { assertRefundable, chooseRoute, holdsMoney, type PayoutMethod, type Refund, type RefundLedgerPart, type RefundStatus, refundableByPayment } from '../domain/refund.js';
import type { PaymentSession } from '../domain/session.js';
import type { Deposit } from '../domain/deposit.js';
import type { LedgerService } from './ledger-service.js';
import { type NetworkFunds, readWalletFunds } from './refund-wallet-funds.js';
import type { ChainDirectory, Clock, EventStore, FamilyFacts, PaymentStore, SessionStore, UnitOfWork } from './ports.js';
import type { SecretBox } from './secret-box.js';

/** One network in one mode, as refunds use it: its confirmations and decimals, and its payout port. */
export interface RefundNetwork {
  readonly network: Network;
  readonly livemode: boolean;
  readonly confirmations: number;
  /** The coins it offers in this mode, each with its contract (the mint on Solana) and decimals. */
  readonly tokens: Readonly<Partial<Record<Stablecoin, { readonly contract: string; readonly decimals: number }>>>;
  /** Prepare, sign, broadcast and confirm payouts; the family's chain data stays opaque (domain/payout.ts). */
  readonly payouts: PayoutPort;
}

/** The token of `coin` on a network; a payment is only ever recorded in a coin its network offers, so a refund always finds it. */
function tokenOf(chain: RefundNetwork, coin: Stablecoin): { readonly contract: string; readonly decimals: number } {
  const token = chain.tokens[coin];
  if (!token) throw new Error(`${chain.network} offers no ${coin}`);
  return token;
}

export interface RefundNetworks {
  get(network: Network, livemode: boolean): RefundNetwork | undefined;
  all(): RefundNetwork[];
}

export const NO_REFUND_NETWORKS: RefundNetworks = {
  get: () => undefined,
  all: () => [],
};

export interface RefundStore {
  insert(r: Refund): Promise<void>;
  findById(id: string): Promise<Refund | undefined>;
  forSession(sessionId: string): Promise<Refund[]>;
  /** The refunds of several sessions, newest first. */
  forSessions(sessionIds: readonly string[]): Promise<Refund[]>;
  list(q: { merchantId: string; livemode: boolean; limit: number; startingAfter?: string; endingBefore?: string; sessionId?: string; status?: RefundStatus }): Promise<{ items: Refund[]; hasMore: boolean }>;
  update(id: string, patch: Partial<Refund>, now: number): Promise<void>;
  open(network: string, livemode: boolean): Promise<Refund[]>;
  manualPending(livemode: boolean): Promise<Refund[]>;
  /** The chain data of every payout a wallet signed on a network. */
  payoutData(network: string, livemode: boolean, from: string): Promise<string[]>;
  findByPayoutKey(network: string, livemode: boolean, key: string): Promise<Refund | undefined>;
  findByTx(network: string, livemode: boolean, txId: string): Promise<Refund | undefined>;
  wallet(merchantId: string, family: string, livemode: boolean): Promise<{ address: string; sealedKey: string } | undefined>;
  putWallet(merchantId: string, family: string, livemode: boolean, address: string, sealedKey: string, now: number): Promise<void>;
}

/** A refund as the API shows it: the refund, its payout URI (manual payouts) and the confirmations it needs. */
export interface RefundView {
  refund: Refund;
  session: Pick<PaymentSession, 'currency'>;
  payment: Pick<Payment, 'txId' | 'eventIndex' | 'from'> | null;
  uri: string | null;
  /** What `uri` is: a wallet URI, or the bare address (the amount then shown beside it). */
  uriContent: QrContent | null;
  confirmationsRequired: number | null;
  /** The account nonce the payout was signed with, where its family has nonces (EVM). */
  nonce: number | null;
}

/** A deposit to send back (domain/deposit.ts): its transfer is the route, its sender the destination. */
export interface DepositRefundInput {
  deposit: Pick<Deposit, 'id' | 'merchantId' | 'livemode' | 'network' | 'tokenContract' | 'decimals' | 'amountBase' | 'from' | 'txId' | 'eventIndex'> & { currency: Stablecoin };
  reason?: string;
  destinationAddress?: string;
  /**
   * Runs first in the refund's write transaction with the new refund's id: re-checks the deposit may
   * still be refunded and ties the refund to it, so two requests never send one deposit back twice.
   */
  claim: (refundId: string) => Promise<void>;
}

export interface NewRefundInput {
  sessionId: string;
  amount?: { value: bigint; currency: Currency };
  reason?: string;
  destinationAddress?: string;
}

export type RefundEventType = 'refund.created' | 'refund.processing' | 'refund.succeeded' | 'refund.failed';

export interface RefundServiceDeps {
  store: RefundStore;
  sessions: SessionStore;
  payments: PaymentStore;
  ledger: LedgerService;
  events: EventStore;
  tx: UnitOfWork;
  now: Clock;
  /** Seals refund wallet keys per mode; undefined when no passphrase or keychain is available (no keys then). */
  secretBox: (livemode: boolean) => SecretBox | undefined;
  /** The registered chain families: their addresses, refund keys and payout data. */
  chains: ChainDirectory;
  /** Each ready network's payouts (chain-integration.ts's view); none given: no network pays out. */
  networks?: RefundNetworks;
  renderEvent: (view: RefundView) => unknown;
  /** Reads a deposit's transfer, for the route a deposit's refund follows (GET shows it as `payment`). */
  deposits?: { findById(id: string): Promise<Deposit | undefined> };
  /** A deposit's refund SUCCEEDED, inside its transaction: the deposit becomes `refunded` (deposit-service.ts). */
  onDepositRefunded?: (r: Refund) => Promise<void>;
  /** After a committed change: wake the webhook dispatcher, the payout worker and the session feed. */
  onChange?: (refund: Refund) => void;
  onError?: (message: string, err: unknown) => void;
}

const RATE_ONE = 10n ** BigInt(RATE_SCALE);

/** A new refund's payout, for a session's payment and a deposit alike: nothing signed, sent or failed yet. */
const NOT_YET_SENT = {
  failureReason: null,
  fromAddress: null,
  payoutKey: null,
  payoutData: null,
  rawTx: null,
  txId: null,
  blockNumber: null,
  confirmations: 0,
  broadcasts: 0,
  lastError: null,
} as const satisfies Partial<Refund>;

/**
 * Refunds: creating them (amount checks under one write transaction, so concurrent requests never
 * refund more than was received), the ledger debit and its reversal, the session's
 * `amount_refunded`, events, and the payout worker's state transitions (docs/refunds.md).
 */
export class RefundService {
  private readonly networks: RefundNetworks;
  /** Refund wallet keys opened, with the sealed text each was opened from (another instance may replace it). */
  private readonly keys = new Map<string, { address: string; key: Uint8Array; sealedKey: string }>();
  /** Destinations of open manual payouts per family and mode (by their family's address key), for the watchers. */
  private manual = new Map<string, Map<string, Refund[]>>();

  constructor(private readonly d: RefundServiceDeps) {
    this.networks = d.networks ?? NO_REFUND_NETWORKS;
  }

  /** At start: reads the open manual payouts the watchers match transfers against. */
  async load(): Promise<void> {
    await this.reloadManual();
  }

  /** A registered family. @throws Error for any other id (routes only pass registered ones) */
  private family(id: FamilyId): FamilyFacts {
    const f = this.d.chains.family(id);
    if (!f) throw new Error(`no registered chain family "${id}"`);
    return f;
  }

  /** The family of a network a payment or refund is on. @throws Error for a network no registered family has */
  private familyOfNetwork(network: Network): FamilyFacts {
    const f = this.d.chains.familyOf(network);
    if (!f) throw new Error(`no registered chain family has the network ${network}`);
    return f;
  }

  private name(network: Network): string {
    return this.d.chains.networkName(network);
  }

  /** `is not a valid Ethereum address (0x followed by …)`: a bad destination, in the family's words. */
  private badDestination(network: Network): ApiError {
    return new ApiError('parameter_invalid', `is not a valid ${this.name(network)} address (${this.familyOfNetwork(network).addresses.format})`, 'destination_address');
  }

  // ---- the refund wallet ----------------------------------------------------------------------

  async walletAddress(merchantId: string, family: FamilyId, livemode: boolean): Promise<string | undefined> {
    return (await this.d.store.wallet(merchantId, family, livemode))?.address;
  }

  /** Stores a refund wallet key, sealed. @throws Error when no secret box is configured or the key is invalid */
  async importWalletKey(merchantId: string, family: FamilyId, livemode: boolean, privateKey: string | Uint8Array): Promise<string> {
    const box = this.d.secretBox(livemode);
    if (!box) {
      throw new ApiError('invalid_state', 'No key can be stored safely here: start the app with STABLEPOS_WALLET_PASSPHRASE set (headless), or use the desktop app (OS keychain).');
    }
    const keys = this.family(family).refundKeys;
    const key = typeof privateKey === 'string' ? keys.parse(privateKey) : privateKey;
    if (!key) throw new ApiError('parameter_invalid', `must be a private key: ${keys.format}`, 'private_key');
    let address: string;
    try {
      address = keys.address(key);
    } catch (err) {
      throw new ApiError('parameter_invalid', 'is not a usable private key', 'private_key', { cause: err });
    }
    const sealed = box.seal(key);
    await this.d.store.putWallet(merchantId, family, livemode, address, sealed, this.d.now());
    this.keys.delete(`${merchantId}:${family}:${livemode}`);
    return address;
  }

  /**
   * The refund wallet of a family in a mode, as the owner sees it: its address (never its key) and,
   * once it has one, what it holds on each network of the family running in that mode (refund-wallet-funds.ts).
   */
  async walletInfo(merchantId: string, family: FamilyId, livemode: boolean): Promise<{ address: string | null; protection: string | null; networks: NetworkFunds[] }> {
    const w = await this.d.store.wallet(merchantId, family, livemode);
    const running = this.family(family).networks.flatMap((info) => {
      const chain = this.networks.get(info.id, livemode);
      return chain ? [{ chain, info }] : [];
    });
    return { address: w?.address ?? null, protection: this.d.secretBox(livemode)?.kind ?? null, networks: w ? await readWalletFunds(w.address, running) : [] };
  }

  /**
   * The refund wallet's key, opened (and kept in memory) when first needed. The stored row is read
   * each time: a key imported through another instance of the store replaces it, and is opened then.
   */
  private async walletKey(merchantId: string, family: FamilyId, livemode: boolean): Promise<{ address: string; key: Uint8Array } | undefined> {
    const w = await this.d.store.wallet(merchantId, family, livemode);
    const box = this.d.secretBox(livemode);
    if (!w || !box) return undefined;
    const cacheKey = `${merchantId}:${family}:${livemode}`;
    let opened = this.keys.get(cacheKey);
    if (opened?.sealedKey !== w.sealedKey) this.keys.set(cacheKey, (opened = { address: w.address, key: box.open(w.sealedKey), sealedKey: w.sealedKey }));
    return { address: opened.address, key: opened.key };
  }

  /** Loads every stored key once, so a wrong passphrase is reported at start-up, not at the first refund. */
  async checkWalletKeys(merchantId: string): Promise<void> {
    for (const family of this.d.chains.families) {
      for (const livemode of [false, true]) {
        try {
          await this.walletKey(merchantId, family.id, livemode);
        } catch (err) {
          this.d.onError?.(`the ${livemode ? 'live' : 'test'} ${family.name} refund wallet key cannot be opened; refunds fall back to manual payouts`, err);
        }
      }
    }
  }

  // ---- the API --------------------------------------------------------------------------------

  /**
   * @throws ApiError resource_missing (session_id), invalid_state, amount_too_large, parameter_invalid,
   *   network_unavailable (the route's network has no reachable RPC)
   */
  async create(caller: Caller, input: NewRefundInput): Promise<RefundView> {
    const session = await this.ownedSession(caller, input.sessionId);
    assertRefundable(session);
    // Whether each possible route's payer is a contract, asked before the transaction (it is a
    // network call); every confirmed payment's sender is checked, so any route chosen below is covered.
    const payments = (await this.d.payments.forSession(session.id)).filter((p) => p.status === 'confirmed');
    const contracts = new Map<string, boolean>();
    const payerKey = (p: Payment) => `${p.network}:${this.familyOfNetwork(p.network).addresses.key(p.from)}`;
    for (const p of payments) {
      const chain = this.networks.get(p.network, session.livemode);
      if (!chain) continue;
      if (input.destinationAddress !== undefined) {
        if (this.familyOfNetwork(p.network).addresses.normalize(input.destinationAddress) === null) throw this.badDestination(p.network);
        continue;
      }
      const key = payerKey(p);
      if (contracts.has(key)) continue;
      try {
        contracts.set(key, await chain.payouts.isContract(p.from));
      } catch (err) {
        throw new ApiError('network_unavailable', `The ${this.name(p.network)} network cannot be reached right now to check the refund's destination; retry shortly.`, null, { cause: err });
      }
    }

    const refund = await this.d.tx(async () => {
      const s = await this.ownedSession(caller, input.sessionId);
      assertRefundable(s);
      const confirmed = (await this.d.payments.forSession(s.id)).filter((p) => p.status === 'confirmed');
      const existing = await this.d.store.forSession(s.id);
      const left = refundableByPayment(confirmed, existing);
      const wanted = this.wanted(s, input.amount);
      const route = chooseRoute(confirmed, left, wanted);
      const p = route.payment;
      const chain = this.networks.get(p.network, s.livemode);
      if (!chain) throw new ApiError('network_unavailable', `The ${this.name(p.network)} network is not available in this mode, so its payment cannot be refunded now.`);
      const family = this.familyOfNetwork(p.network);
      const now = this.d.now();
      let destination: string | null;
      let destinationSource: Refund['destinationSource'];
      let actionReason: string | null = null;
      if (input.destinationAddress !== undefined) {
        destination = family.addresses.normalize(input.destinationAddress);
        destinationSource = 'owner';
      } else {
        destinationSource = 'payer';
        const isContract = contracts.get(payerKey(p));
        if (isContract === undefined || isContract) {
          destination = null;
          actionReason =
            isContract === undefined
              ? 'The payer address could not be checked; confirm the customer\'s wallet address.'
              : `The payment came from a contract (${p.from}), such as an exchange's or a smart wallet's, which may not credit the customer; confirm the customer's wallet address.`;
        } else {
          destination = family.addresses.normalize(p.from);
        }
      }
      const payoutMethod: PayoutMethod = await this.walletKeyOrNull(s.merchantId, family.id, s.livemode) ? 'wallet' : 'manual';
      const { decimals } = tokenOf(chain, p.currency);
      const id = newId('refund', now);
      const ledgerEntries = s.status === 'SUCCEEDED' ? await this.debit(s, p.currency, route.amountMinor, id) : [];
      const r: Refund = {
        id,
        merchantId: s.merchantId,
        livemode: s.livemode,
        sessionId: s.id,
        paymentId: p.id,
        depositId: null,
        network: p.network,
        currency: p.currency,
        tokenContract: p.tokenContract,
        decimals,
        amountMinor: route.amountMinor,
        amountPricingMinor: this.toPricing(s, p.currency, route.amountMinor),
        amountBase: toBaseUnits(route.amountMinor, decimals),
        destination,
        destinationSource,
        status: destination === null ? 'REQUIRES_ACTION' : 'PENDING',
        reason: input.reason ?? null,
        actionReason,
        payoutMethod,
        ...NOT_YET_SENT,
        ledgerEntries,
        createdAt: now,
        updatedAt: now,
      };
      await this.d.store.insert(r);
      await this.syncSession(s.id);
      await this.emit('refund.created', r);
      return r;
    });
    await this.changed(refund);
    return await this.view(refund);
  }

  /**
   * Sends an unmatched deposit back to its sender by the route it came (its network and token), through
   * the same payout machinery as a session's refund. Nothing is debited from the ledger: the deposit was
   * never in it. The exact amount received is paid, in the token's base units.
   * The deposit's own token contract and decimals are paid back (never the network's coin of the same
   * name: a `wrong_asset` deposit goes back by the contract it came by).
   * Only for a deposit settled on chain: DepositService.refund checks its confirmations before, and
   * again in `claim`, inside this transaction.
   * @throws ApiError network_unavailable, parameter_invalid (destination_address), or what `claim` throws
   */
  async createForDeposit(caller: Caller, input: DepositRefundInput): Promise<RefundView> {
    const dep = input.deposit;
    const chain = this.networks.get(dep.network, dep.livemode);
    if (!chain) throw new ApiError('network_unavailable', `The ${this.name(dep.network)} network is not available in this mode, so this deposit cannot be refunded now.`);
    const family = this.familyOfNetwork(dep.network);
    let destination: string | null = null;
    let actionReason: string | null = null;
    if (input.destinationAddress !== undefined) {
      destination = family.addresses.normalize(input.destinationAddress);
      if (destination === null) throw this.badDestination(dep.network);
    } else {
      // As for a session's refund: money from a contract (an exchange's hot wallet) may not reach the customer.
      let isContract: boolean | undefined;
      try {
        isContract = await chain.payouts.isContract(dep.from);
      } catch (err) {
        throw new ApiError('network_unavailable', `The ${this.name(dep.network)} network cannot be reached right now to check the refund's destination; retry shortly.`, null, { cause: err });
      }
      if (isContract) {
        actionReason = `The deposit came from a contract (${dep.from}), such as an exchange's or a smart wallet's, which may not credit the customer; confirm the customer's wallet address.`;
      } else {
        destination = family.addresses.normalize(dep.from);
      }
    }
    const refund = await this.d.tx(async () => {
      const now = this.d.now();
      const id = newId('refund', now);
      await input.claim(id);
      const amountMinor = fromBaseUnits(dep.amountBase, dep.decimals);
      const r: Refund = {
        id,
        merchantId: dep.merchantId,
        livemode: dep.livemode,
        sessionId: null,
        paymentId: null,
        depositId: dep.id,
        network: dep.network,
        currency: dep.currency,
        tokenContract: dep.tokenContract,
        decimals: dep.decimals,
        amountMinor,
        amountPricingMinor: amountMinor,
        amountBase: dep.amountBase,
        destination,
        destinationSource: input.destinationAddress !== undefined ? 'owner' : 'payer',
        status: destination === null ? 'REQUIRES_ACTION' : 'PENDING',
        reason: input.reason ?? null,
        actionReason,
        payoutMethod: await this.walletKeyOrNull(dep.merchantId, family.id, dep.livemode) ? 'wallet' : 'manual',
        ...NOT_YET_SENT,
        ledgerEntries: [],
        createdAt: now,
        updatedAt: now,
      };
      await this.d.store.insert(r);
      await this.emit('refund.created', r);
      return r;
    });
    await this.changed(refund);
    return await this.view(refund);
  }

  async get(caller: Caller, id: string): Promise<RefundView> {
    return await this.view(await this.owned(caller, id));
  }

  async list(caller: Caller, q: { limit: number; startingAfter?: string; endingBefore?: string; sessionId?: string; status?: RefundStatus }): Promise<{ items: RefundView[]; hasMore: boolean }> {
    for (const [param, id] of [['starting_after', q.startingAfter], ['ending_before', q.endingBefore]] as const) {
      if (id !== undefined) await this.owned(caller, id, param);
    }
    const page = await this.d.store.list({ ...q, merchantId: caller.merchantId, livemode: caller.livemode });
    const items: RefundView[] = [];
    for (const r of page.items) items.push(await this.view(r));
    return { items, hasMore: page.hasMore };
  }

  /** PENDING or REQUIRES_ACTION → CANCELED, its money released. @throws ApiError resource_missing | invalid_state */
  async cancel(caller: Caller, id: string): Promise<RefundView> {
    const r = await this.d.tx(async () => {
      const r = await this.owned(caller, id);
      if (r.status !== 'PENDING' && r.status !== 'REQUIRES_ACTION') {
        throw new ApiError('invalid_state', `A refund in status ${r.status} cannot be canceled; only PENDING and REQUIRES_ACTION ones can (a payout once sent cannot be called back).`);
      }
      return await this.finish(r, 'CANCELED', {});
    });
    await this.changed(r);
    return await this.view(r);
  }

  /** REQUIRES_ACTION → PENDING to a destination the owner confirms. @throws ApiError resource_missing | invalid_state | parameter_invalid */
  async confirmDestination(caller: Caller, id: string, address: string): Promise<RefundView> {
    const r = await this.d.tx(async () => {
      const r = await this.owned(caller, id);
      if (r.status !== 'REQUIRES_ACTION') throw new ApiError('invalid_state', `Only a refund in REQUIRES_ACTION needs a destination; this one is ${r.status}.`);
      const chain = this.networks.get(r.network, r.livemode);
      if (!chain) throw new ApiError('network_unavailable', `The ${this.name(r.network)} network is not available right now.`);
      const destination = this.familyOfNetwork(r.network).addresses.normalize(address);
      if (!destination) throw this.badDestination(r.network);
      await this.d.store.update(r.id, { status: 'PENDING', destination, destinationSource: 'owner', actionReason: null }, this.d.now());
      return await this.d.store.findById(r.id) as Refund;
    });
    await this.changed(r);
    return await this.view(r);
  }

  async view(refund: Refund): Promise<RefundView> {
    const session = refund.sessionId === null ? undefined : await this.d.sessions.findById(refund.sessionId);
    // A deposit's refund follows the deposit's transfer: shown where a session's refund shows its payment.
    const payment =
      refund.sessionId !== null
        ? ((await this.d.payments.forSession(refund.sessionId)).find((p) => p.id === refund.paymentId) ?? null)
        : refund.depositId !== null
          ? ((await this.d.deposits?.findById(refund.depositId)) ?? null)
          : null;
    const chain = this.networks.get(refund.network, refund.livemode);
    const uri = refund.payoutMethod === 'manual' && refund.destination && chain ? chain.payouts.request(refund.tokenContract, refund.destination, refund.amountBase) : null;
    const nonce = refund.payoutData === null ? null : (this.d.chains.familyOf(refund.network)?.payoutNonce(refund.payoutData) ?? null);
    return { refund, session: { currency: session?.currency ?? refund.currency }, payment, uri, uriContent: uri !== null && chain ? chain.payouts.requestContent : null, confirmationsRequired: chain?.confirmations ?? null, nonce };
  }

  // ---- the payout worker's transitions ----------------------------------------------------------

  /** The refund wallet signing a PENDING wallet payout, when one is stored. */
  async payoutWallet(r: Refund): Promise<{ address: string; key: Uint8Array } | undefined> {
    const family = this.d.chains.familyOf(r.network);
    return family ? (await this.walletKeyOrNull(r.merchantId, family.id, r.livemode) ?? undefined) : undefined;
  }

  async openOn(chain: RefundNetwork): Promise<Refund[]> {
    return await this.d.store.open(chain.network, chain.livemode);
  }

  /** The chain data of every payout this wallet signed on this network (what a new one must not repeat). */
  async previousPayouts(network: Network, livemode: boolean, from: string): Promise<string[]> {
    return await this.d.store.payoutData(network, livemode, from);
  }

  /**
   * Records a signed payout before it is broadcast (PENDING → PROCESSING); false if the refund moved
   * meanwhile, or another refund holds the same payout key (the database refuses that too).
   */
  async recordSigned(id: string, signed: { from: string; raw: string; txId: string; key: string; data: string }): Promise<boolean> {
    const r = await this.d.tx(async () => {
      const r = await this.d.store.findById(id);
      if (!r || r.status !== 'PENDING' || r.payoutMethod !== 'wallet') return undefined;
      if (await this.d.store.findByPayoutKey(r.network, r.livemode, signed.key)) return undefined; // never two refunds on one key
      await this.d.store.update(
        id,
        { status: 'PROCESSING', fromAddress: signed.from, payoutKey: signed.key, payoutData: signed.data, rawTx: signed.raw, txId: signed.txId, lastError: null },
        this.d.now(),
      );
      const after = await this.d.store.findById(id) as Refund;
      await this.emit('refund.processing', after);
      return after;
    });
    if (r) await this.changed(r);
    return r !== undefined;
  }

  async noteBroadcast(id: string, error: string | null): Promise<void> {
    const r = await this.d.store.findById(id);
    if (!r) return;
    await this.d.store.update(id, error === null ? { broadcasts: r.broadcasts + 1, lastError: null } : { lastError: error.slice(0, 500) }, this.d.now());
  }

  /** Confirmations seen for a PROCESSING refund; SUCCEEDED once it has enough. */
  async progress(id: string, blockNumber: number | null, confirmations: number, required: number): Promise<void> {
    const r = await this.d.tx(async () => {
      const r = await this.d.store.findById(id);
      if (!r || r.status !== 'PROCESSING') return undefined;
      if (confirmations >= required && blockNumber !== null) {
        await this.d.store.update(id, { status: 'SUCCEEDED', blockNumber, confirmations, lastError: null }, this.d.now());
        const after = await this.d.store.findById(id) as Refund;
        await this.syncSession(r.sessionId);
        await this.emit('refund.succeeded', after);
        if (after.depositId !== null) await this.d.onDepositRefunded?.(after);
        return after;
      }
      if (r.blockNumber !== blockNumber || r.confirmations !== confirmations) await this.d.store.update(id, { blockNumber, confirmations }, this.d.now());
      return undefined;
    });
    if (r) await this.changed(r);
  }

  /** PENDING or PROCESSING → FAILED, its money released. */
  async fail(id: string, failureReason: string): Promise<void> {
    const r = await this.d.tx(async () => {
      const r = await this.d.store.findById(id);
      if (!r || (r.status !== 'PENDING' && r.status !== 'PROCESSING')) return undefined;
      return await this.finish(r, 'FAILED', { failureReason });
    });
    if (r) await this.changed(r);
  }

  /** A manual payout's transaction left the chain: back to PENDING, waiting for the owner's payment. */
  async reopenManual(id: string): Promise<void> {
    const r = await this.d.tx(async () => {
      const r = await this.d.store.findById(id);
      if (!r || r.status !== 'PROCESSING' || r.payoutMethod !== 'manual') return undefined;
      await this.d.store.update(id, { status: 'PENDING', txId: null, blockNumber: null, confirmations: 0 }, this.d.now());
      return await this.d.store.findById(id) as Refund;
    });
    if (r) await this.changed(r);
  }

  // ---- manual payouts, matched by the watchers ---------------------------------------------------

  isManualDestination(family: FamilyId, livemode: boolean, address: string): boolean {
    const f = this.d.chains.family(family);
    return f !== undefined && (this.manual.get(manualBucket(family, livemode))?.has(f.addresses.key(address)) ?? false);
  }

  /** The destinations of the family's manual payouts still waiting for their transfer, as the refunds name them. */
  manualDestinations(family: FamilyId, livemode: boolean): string[] {
    return [...(this.manual.get(manualBucket(family, livemode))?.values() ?? [])].flatMap((refunds) => (refunds[0]?.destination ? [refunds[0].destination] : []));
  }

  /**
   * When the oldest open manual payout of the family and mode was made (ms); undefined when none is
   * open. A watcher's first run starts no later than this (docs/payments.md).
   */
  oldestManual(family: FamilyId, livemode: boolean): number | undefined {
    let oldest: number | undefined;
    for (const refunds of this.manual.get(manualBucket(family, livemode))?.values() ?? []) {
      for (const r of refunds) oldest = oldest === undefined ? r.createdAt : Math.min(oldest, r.createdAt);
    }
    return oldest;
  }

  anyManual(family: FamilyId, livemode: boolean): boolean {
    return (this.manual.get(manualBucket(family, livemode))?.size ?? 0) > 0;
  }

  /**
   * A transfer a watcher saw to an open manual payout's destination: if its token and amount are
   * exactly the refund's and it was mined after the refund was made, it is the payout
   * (PENDING → PROCESSING; the worker counts its confirmations). Returns whether it matched.
   */
  async matchManual(network: Network, livemode: boolean, t: { txId: string; to: string; tokenContract: string; amountBase: bigint; blockTime: number }): Promise<boolean> {
    const key = this.familyOfNetwork(network).addresses.key;
    const r = await this.d.tx(async () => {
      if (await this.d.store.findByTx(network, livemode, t.txId)) return undefined;
      const candidates = (await this.d.store.manualPending(livemode))
        .filter(
          (r) =>
            r.network === network &&
            r.destination !== null &&
            key(r.destination) === key(t.to) &&
            key(r.tokenContract) === key(t.tokenContract) &&
            r.amountBase === t.amountBase &&
            // Block timestamps may lag the app's clock by a little; older transfers are not this payout.
            t.blockTime + 120_000 >= r.createdAt,
        )
        .sort((a, b) => a.createdAt - b.createdAt);
      const r = candidates[0];
      if (!r) return undefined;
      await this.d.store.update(r.id, { status: 'PROCESSING', txId: t.txId, broadcasts: 1 }, this.d.now());
      const after = await this.d.store.findById(r.id) as Refund;
      await this.emit('refund.processing', after);
      return after;
    });
    if (r) await this.changed(r);
    return r !== undefined;
  }

  // ---- internals --------------------------------------------------------------------------------

  async walletKeyOrNull(merchantId: string, family: FamilyId, livemode: boolean): Promise<{ address: string; key: Uint8Array } | null> {
    try {
      return await this.walletKey(merchantId, family, livemode) ?? null;
    } catch {
      return null; // a key that cannot be opened: manual payouts (reported at start-up)
    }
  }

  /** The amount asked for, per coin the route may be in. */
  private wanted(s: PaymentSession, amount: NewRefundInput['amount']): { coin?: Stablecoin; amountMinor?: (coin: Stablecoin) => bigint } {
    if (!amount) return {};
    if (amount.value <= 0n) throw new ApiError('parameter_invalid', 'must be more than zero', 'amount.value');
    if (amount.currency === s.currency) {
      return {
        amountMinor: (coin) => {
          const q = s.quotes.find((x) => x.currency === coin);
          if (!q) throw new ApiError('invalid_state', `This session has no ${coin} rate.`);
          return convertMinor(amount.value, s.currency, coin, q.rateScaled, 'half-up');
        },
      };
    }
    if (isStablecoin(amount.currency)) {
      const value = amount.value;
      return { coin: amount.currency, amountMinor: () => value };
    }
    throw new ApiError('parameter_invalid', `must be the session's currency (${s.currency}) or the coin it was paid in (USDT or USDC)`, 'amount.currency');
  }

  /** A coin amount in the session's pricing currency, at the session's locked rate, rounded down. */
  private toPricing(s: PaymentSession, coin: Stablecoin, minor: bigint): bigint {
    if (s.currency === coin) return minor;
    const q = s.quotes.find((x) => x.currency === coin);
    if (!q || q.rateScaled === 0n) return 0n;
    // rate = coin per unit of pricing currency (×10^12): pricing = coin / rate.
    return convertMinor(minor, coin, s.currency, (RATE_ONE * RATE_ONE) / q.rateScaled, 'down');
  }

  /**
   * Debits the coin's funds account for a refund of booked money: from available first, then from
   * pending (the soonest settlements first, so they settle less); anything beyond both (funds moved
   * away by a conversion) is taken from available, which then shows the shortfall as negative.
   */
  private async debit(s: PaymentSession, coin: Stablecoin, amount: bigint, refundId: string): Promise<RefundLedgerPart[]> {
    const parts: RefundLedgerPart[] = [];
    const account = await this.d.ledger.account(s.merchantId, s.livemode, coin);
    const now = this.d.now();
    let rest = amount;
    let fromAvailable = account.availableMinor > 0n ? (account.availableMinor < rest ? account.availableMinor : rest) : 0n;
    rest -= fromAvailable;
    if (rest > 0n) {
      for (const g of await this.d.ledger.upcoming({ merchantId: s.merchantId, livemode: s.livemode, via: 'refund', role: 'owner' }, 100)) {
        if (rest === 0n) break;
        if (g.currency !== coin || g.amountMinor <= 0n || g.availableOn <= now) continue;
        const take = g.amountMinor < rest ? g.amountMinor : rest;
        parts.push({ currency: coin, amountMinor: take.toString(), settlesAt: g.availableOn });
        rest -= take;
      }
    }
    fromAvailable += rest;
    if (fromAvailable > 0n) parts.unshift({ currency: coin, amountMinor: fromAvailable.toString(), settlesAt: null });
    for (const part of parts) {
      await this.d.ledger.postInTransaction({
        merchantId: s.merchantId,
        livemode: s.livemode,
        type: 'refund',
        currency: coin,
        amountMinor: -BigInt(part.amountMinor),
        feeMinor: 0n,
        ...(part.settlesAt !== null && { settlesAt: part.settlesAt }),
        sourceId: refundId,
        description: `Refund ${refundId} of session ${s.id}`,
      });
    }
    return parts;
  }

  /** Moves a refund to FAILED or CANCELED: reverses its ledger debit with new entries, updates the session. */
  private async finish(r: Refund, status: 'FAILED' | 'CANCELED', patch: { failureReason?: string }): Promise<Refund> {
    for (const part of r.ledgerEntries) {
      await this.d.ledger.postInTransaction({
        merchantId: r.merchantId,
        livemode: r.livemode,
        type: 'adjustment',
        currency: part.currency,
        amountMinor: BigInt(part.amountMinor),
        feeMinor: 0n,
        ...(part.settlesAt !== null && { settlesAt: part.settlesAt }),
        sourceId: r.id,
        description: `Refund ${r.id} ${status === 'FAILED' ? 'failed' : 'canceled'}: its debit reversed`,
      });
    }
    await this.d.store.update(r.id, { status, ...patch }, this.d.now());
    const after = await this.d.store.findById(r.id) as Refund;
    await this.syncSession(r.sessionId);
    await this.rebookSession(r);
    if (status === 'FAILED') await this.emit('refund.failed', after);
    return after;
  }

  /**
   * A refund made before its session succeeded wrote no debit, and the session's booking left its
   * money out (domain/ledger.ts, keptByCoin). Once it no longer holds that money (FAILED, CANCELED)
   * and the session has succeeded since, the money is the shop's: booked now, by the same rule.
   */
  private async rebookSession(r: Refund): Promise<void> {
    if (r.sessionId === null || r.ledgerEntries.length > 0) return;
    const session = await this.d.sessions.findById(r.sessionId);
    if (session?.status !== 'SUCCEEDED') return;
    await this.d.ledger.bookSessionInTransaction(session, await this.d.payments.forSession(session.id));
  }

  private async syncSession(sessionId: string | null): Promise<void> {
    if (sessionId === null) return; // a deposit's refund: no session's total to keep
    const total = (await this.d.store.forSession(sessionId)).reduce((sum, r) => sum + (holdsMoney(r.status) ? r.amountPricingMinor : 0n), 0n);
    await this.d.sessions.setRefunded(sessionId, total, this.d.now());
  }

  private async ownedSession(caller: Caller, id: string): Promise<PaymentSession> {
    const s = await this.d.sessions.findById(id);
    if (!s || s.merchantId !== caller.merchantId || s.livemode !== caller.livemode) throw resourceMissing('payment session', id, 'session_id');
    return s;
  }

  private async owned(caller: Caller, id: string, param = 'id'): Promise<Refund> {
    const r = await this.d.store.findById(id);
    if (!r || r.merchantId !== caller.merchantId || r.livemode !== caller.livemode) throw resourceMissing('refund', id, param);
    return r;
  }

  private async emit(type: RefundEventType, r: Refund): Promise<void> {
    await this.d.events.insert({
      id: newId('event'),
      merchantId: r.merchantId,
      livemode: r.livemode,
      type,
      objectId: r.id,
      payload: JSON.stringify(this.d.renderEvent(await this.view(r))),
      createdAt: this.d.now(),
    });
  }

  private async reloadManual(): Promise<void> {
    const next = new Map<string, Map<string, Refund[]>>();
    for (const livemode of [false, true]) {
      for (const r of await this.d.store.manualPending(livemode)) {
        const family = this.d.chains.familyOf(r.network);
        if (!r.destination || !family) continue;
        const bucket = manualBucket(family.id, livemode);
        const m = next.get(bucket) ?? new Map<string, Refund[]>();
        next.set(bucket, m);
        const k = family.addresses.key(r.destination);
        m.set(k, [...(m.get(k) ?? []), r]);
      }
    }
    this.manual = next;
  }

  private async changed(r: Refund): Promise<void> {
    if (r.payoutMethod === 'manual') await this.reloadManual();
    this.d.onChange?.(r);
  }
}

const manualBucket = (family: FamilyId, livemode: boolean) => `${family}:${livemode ? 'live' : 'test'}`;
