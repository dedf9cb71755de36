import { createHash } from 'node:crypto';
import type { TronWeb } from 'tronweb';
import { formatDecimal } from '../../domain/money.js';
import type { PayoutPort, PayoutRequest, PayoutState, PreparedPayout, SignedPayout, WalletFunds } from '../../domain/payout.js';
import type { RpcPool } from '../rpc-pool/pool.js';
import { toEvmAddress, toTronBase58, toTronHex } from './address-format.js';
import { type BroadcastAnswer, broadcastRefusal, readMessage } from './broadcast-answer.js';
import { isEmptyAnswer, TronNodeApi, TronNodeHttpError } from './node-api.js';
import { type ChainPrices, feeShortfall, payoutFees, type WalletResources } from './payout-fees.js';

/**
 * Refund payouts on TRON, as the payout port (domain/payout.ts): a TRC-20 `transfer` from the refund
 * wallet, built offline by TronWeb from a block header read in `prepare`, signed here and stored by
 * the caller before it is sent to `/wallet/broadcasttransaction`.
 *
 * TRON has no account nonce. What makes a transaction unique is its id, sha256 of its `raw_data`, so
 * the payout's key is its txID. What keeps it from landing late is its *expiration*: java-tron takes a
 * transaction into a block only while the block before is older than its expiration, and checks
 * (TAPOS) that the block it references is in the chain. So the same signed bytes may be sent again
 * and again (a second copy is `DUP_TRANSACTION_ERROR`: the node already has it), and a payout is given
 * up only once the chain is provably past its expiration without it (`confirm`). The payout data keeps
 * what `confirm` needs for that, and what makes the next payout's id differ (its timestamp).
 *
 * The node is java-tron's HTTP API (`/wallet/*`; TronGrid's, with its API key header), read with plain
 * fetch (node-api.ts). Nothing here calls `/walletsolidity/*`, which a java-tron full node serves on
 * another port than `/wallet/*`.
 */

/**
 * How long after the head block a payout stays valid. **Decision:** 10 minutes rather than the 60 s
 * java-tron gives the transactions it builds: while a payout is valid the worker sends the same bytes
 * again on every pass, so an outage of the node (or of the app) shorter than this delays the refund
 * instead of failing it. java-tron accepts up to 24 hours.
 */
export const PAYOUT_LIFETIME_MS = 10 * 60_000;

/**
 * Blocks built on a block before it is irreversible on TRON: solidified, once 70 % of the 27 super
 * representatives (19) have built on it, ~57 s at 3 s blocks. It is also TRON's default number of
 * confirmations for payments. Payouts reference a block this deep, and are given up only when the
 * block this deep is past their expiration.
 */
export const IRREVERSIBLE_DEPTH = 19;

/** What a TRON payout stores as its data: what it was built from, all in `raw_data`. */
interface TronPayoutData {
  /** The block the transaction references (TAPOS), already irreversible when it was chosen. */
  refBlock: { number: number; id: string };
  /** `raw_data.expiration`, ms of chain time: the head block's timestamp + PAYOUT_LIFETIME_MS. */
  expiration: number;
  /** `raw_data.timestamp`, ms: above every earlier payout's of the wallet, so that no two share an id. */
  timestamp: number;
  /** `raw_data.fee_limit`, sun: the most TRX the transfer may burn. */
  feeLimit: number;
  /** The energy it was expected to take (65,000 or 130,000), for the record. */
  energy: number;
}

interface BlockHeader {
  number: number;
  id: string;
  /** ms */
  timestamp: number;
}

/** `transfer(address,uint256)`'s selector. */
const TRANSFER_SELECTOR = 'a9059cbb';

export class TronPayoutChain implements PayoutPort {
  private readonly api: TronNodeApi;
  /**
   * Only ever used offline (`txLocal` with a block header, then `trx.sign`): it never calls the node.
   * It still wants a node URL, and gets the real one. Made at the first signature, TronWeb loaded
   * then: the package (with ethers, axios and protobuf) costs ~45 MB of RSS, and a core that never
   * refunds on TRON should not carry it (docs/development.md, Benchmarks).
   */
  private builder: Promise<TronWeb> | undefined;

  constructor(
    private readonly o: {
      /** java-tron's HTTP API base (TronWeb's `fullHost`): `/wallet/*` is called below it. */
      httpUrl: string;
      /** The network's name, for failure reasons. */
      name: string;
      /** Sent with every call, e.g. TronGrid's `TRON-PRO-API-KEY`. */
      headers?: Record<string, string>;
      /** The network's endpoint pool: `/wallet/…` calls are retried and fail over through it. */
      pool?: RpcPool;
    },
  ) {
    this.api = new TronNodeApi(o);
  }

  private tronWeb(): Promise<TronWeb> {
    this.builder ??= import('tronweb').then(
      ({ TronWeb }) => new TronWeb({ fullHost: this.o.httpUrl }),
      (err: unknown) => {
        // Tried again at the next signature rather than remembered.
        this.builder = undefined;
        throw err;
      },
    );
    return this.builder;
  }

  /**
   * A contract answers `/wallet/getcontract` with its code and ABI; any other address with `{}`. On
   * TRON a person's wallet and an exchange's deposit address are both plain accounts.
   */
  async isContract(address: string): Promise<boolean> {
    return !isEmptyAnswer(await this.api.post('/wallet/getcontract', { value: toTronBase58(address), visible: true }));
  }

  async head(): Promise<number> {
    return (await this.headBlock()).number;
  }

  /**
   * TRX (`/wallet/getaccount`), energy and bandwidth, the chain's prices and each token's balance, all
   * at once. One payout needs the TRX `prepare` would have burnt for the dearer transfer (to a new
   * holder) beyond the wallet's energy and bandwidth; a wallet TRON keeps no account for yet cannot
   * send at all, so it has too little whatever the figure (its need counts as at least 1 sun).
   */
  async funds(wallet: string, tokens: readonly string[]): Promise<WalletFunds> {
    const [resources, prices, ...balances] = await Promise.all([this.walletResources(wallet), this.prices(), ...tokens.map((token) => this.tokenBalance(token, wallet, wallet))]);
    const fees = payoutFees({ recipientHoldsToken: false, inFlight: 0, wallet: resources, prices });
    if (resources.balanceSun === null) return { gas: 0n, gasPerPayout: fees.burnSun > 0n ? fees.burnSun : 1n, tokens: balances };
    return { gas: resources.balanceSun, gasPerPayout: fees.burnSun, tokens: balances };
  }

  /**
   * The wallet's token balance less what payouts on their way will take; then its energy and TRX
   * against what the transfer costs (twice as much to an address holding none of the token: the
   * recipient's balance is read too). Then the block to reference and the expiration, from the head.
   */
  async prepare(r: PayoutRequest): Promise<PreparedPayout> {
    const [head, fromBalance, toBalance, wallet, prices] = await Promise.all([
      this.headBlock(),
      this.tokenBalance(r.token, r.from, r.from),
      this.tokenBalance(r.token, r.to, r.from),
      this.walletResources(r.from),
      this.prices(),
    ]);
    const tokenNeeded = r.amountBase + r.inFlight.filter((o) => sameAddress(o.token, r.token)).reduce((s, o) => s + o.amountBase, 0n);
    if (fromBalance < tokenNeeded) {
      return {
        ok: false,
        failure:
          `insufficient_token_balance: the refund wallet ${r.from} holds ${formatDecimal(fromBalance, r.decimals)} ${r.currency} on ${this.o.name}, ` +
          `${formatDecimal(tokenNeeded, r.decimals)} needed; fund it and create the refund again`,
      };
    }
    const feeInput = { recipientHoldsToken: toBalance > 0n, inFlight: r.inFlight.length, wallet };
    const fees = payoutFees({ ...feeInput, prices });
    const shortfall = feeShortfall({ ...feeInput, from: r.from, network: this.o.name, currency: r.currency, fees });
    if (shortfall) return { ok: false, failure: shortfall };

    // Referencing a block that can no longer be reorganised away: a transaction whose reference
    // block left the chain fails TAPOS and could only expire.
    const refNumber = Math.max(0, head.number - IRREVERSIBLE_DEPTH);
    const ref = refNumber === head.number ? head : await this.block(refNumber);
    const taken = r.previous.reduce((max, data) => Math.max(max, readData(data).timestamp), -1);
    const plan: TronPayoutData = {
      refBlock: { number: ref.number, id: ref.id },
      // Chain time, not this machine's clock: java-tron compares the expiration with block timestamps.
      expiration: head.timestamp + PAYOUT_LIFETIME_MS,
      // Two payouts of one amount to one address from one block would otherwise be one transaction.
      timestamp: Math.max(head.timestamp, taken + 1),
      feeLimit: Number(fees.feeLimitSun),
      energy: fees.energy,
    };
    return { ok: true, plan: JSON.stringify(plan) };
  }

  /** Builds the transfer from the plan alone (no call to the node), signs it, and checks what TronWeb built. */
  async sign(privateKey: Uint8Array, r: PayoutRequest, plan: string): Promise<SignedPayout> {
    const p = readData(plan);
    const blockHeader = {
      // java-tron's TAPOS fields: bytes 6–7 of the block number and bytes 8–15 of the block id.
      ref_block_bytes: p.refBlock.id.slice(12, 16),
      ref_block_hash: p.refBlock.id.slice(16, 32),
      expiration: p.expiration,
      timestamp: p.timestamp,
    };
    const builder = await this.tronWeb();
    const { transaction } = await builder.transactionBuilder.triggerSmartContract(
      toTronBase58(r.token),
      'transfer(address,uint256)',
      { feeLimit: p.feeLimit, callValue: 0, txLocal: true, blockHeader },
      [
        { type: 'address', value: toTronBase58(r.to) },
        { type: 'uint256', value: r.amountBase.toString() },
      ],
      toTronBase58(r.from),
    );
    // TronWeb refuses a key that is not the owner's.
    const signed = await builder.trx.sign(transaction, Buffer.from(privateKey).toString('hex'));
    checkBuilt(signed, r, p, blockHeader);
    return { raw: JSON.stringify(signed), txId: signed.txID, key: signed.txID, data: plan };
  }

  /** @throws Error with java-tron's code and reason (TAPOS_ERROR, TRANSACTION_EXPIRATION_ERROR, SIGERROR…) when it refuses */
  async broadcast(raw: string): Promise<void> {
    const txId = (JSON.parse(raw) as { txID: string }).txID;
    const answer = await this.api.post<BroadcastAnswer>('/wallet/broadcasttransaction', raw);
    const refusal = broadcastRefusal(answer);
    if (refusal !== null) throw new Error(`the ${this.o.name} node refused payout ${txId}: ${refusal}`);
    // The node names a transaction by the sha256 of the raw_data it read from the JSON. Were that not
    // TronWeb's id, the payout would be followed under an id the chain never knows.
    if (answer.txid !== undefined && answer.txid !== txId) {
      throw new Error(`the ${this.o.name} node took payout ${txId} as transaction ${answer.txid}: look it up by that id before paying it again`);
    }
  }

  /**
   * In a block (its TransactionInfo), held by the node (in a block, or in its pool of pending
   * transactions), or neither. A wallet payout that is neither may still land while it is valid, and
   * the same bytes are sent again. It can provably never land once the block IRREVERSIBLE_DEPTH below
   * the head is at or past its expiration: every block that could still have taken it (one whose
   * parent is older than the expiration) is then at least that deep, irreversible, and it is not in
   * them.
   */
  async confirm(txId: string, signed: { from: string; data: string } | null): Promise<PayoutState> {
    const info = await this.transactionInfo(txId);
    if (info) return { state: 'included', ...info };
    if (await this.known(txId)) return { state: 'waiting' };
    if (!signed) return { state: 'missing' };
    const { expiration } = readData(signed.data);
    const head = await this.headBlock();
    if (head.number < IRREVERSIBLE_DEPTH) return { state: 'missing' };
    const deep = await this.block(head.number - IRREVERSIBLE_DEPTH);
    if (deep.timestamp < expiration) return { state: 'missing' };
    // In a block in between the reads: the next pass counts it.
    if (await this.transactionInfo(txId)) return { state: 'waiting' };
    return {
      state: 'dead',
      failure:
        `payout_expired: payout ${txId} expired at ${new Date(expiration).toISOString()} without being included in a block, ` +
        `and the chain is ${IRREVERSIBLE_DEPTH} blocks past that, so it can never land; nothing was paid`,
    };
  }

  /**
   * What the owner's wallet scans to pay a refund by hand: the bare `T…` address. TRON has no payment
   * URI standard (`tron:<address>?amount=` is a 2018 proposal that TronLink iOS refuses), so the coin
   * and the amount cannot travel in the QR code: the refund shows them beside it.
   */
  readonly requestContent = 'address' as const;

  request(_token: string, to: string, _amountBase: bigint): string {
    return toTronBase58(to);
  }

  /**
   * The head block's number, id and time. `/wallet/getblock` without `detail` answers the header
   * alone; `/wallet/getnowblock` would carry every transaction of the block.
   */
  private headBlock(): Promise<BlockHeader> {
    return this.getBlock({ detail: false });
  }

  /** @throws Error when the node does not have block `number` */
  private block(number: number): Promise<BlockHeader> {
    return this.getBlock({ id_or_num: String(number), detail: false });
  }

  private async getBlock(params: object): Promise<BlockHeader> {
    const block = await this.api.post<{ blockID?: string; block_header?: { raw_data?: { number?: number; timestamp?: number } } }>('/wallet/getblock', params);
    const header = block.block_header?.raw_data;
    if (!block.blockID || !header) throw new Error(`the ${this.o.name} node has no block ${JSON.stringify(params)}`);
    // java-tron leaves fields at their default out: block 0 has no `number`.
    return { number: header.number ?? 0, id: block.blockID, timestamp: header.timestamp ?? 0 };
  }

  /** `token.balanceOf(owner)`, called by `caller` (any address will do; a fresh one may not exist on chain). */
  private async tokenBalance(token: string, owner: string, caller: string): Promise<bigint> {
    const answer = await this.api.post<{ result?: { result?: boolean; message?: string }; constant_result?: string[] }>('/wallet/triggerconstantcontract', {
      owner_address: toTronBase58(caller),
      contract_address: toTronBase58(token),
      function_selector: 'balanceOf(address)',
      parameter: toEvmAddress(owner).slice(2).padStart(64, '0'),
      visible: true,
    });
    const output = answer.constant_result?.[0];
    if (answer.result?.result !== true || answer.result.message !== undefined || !output || !/^[0-9a-fA-F]{1,64}$/.test(output)) {
      throw new Error(`the ${this.o.name} node could not read balanceOf(${owner}) of ${token}: ${readMessage(answer.result?.message ?? JSON.stringify(answer).slice(0, 200))}`);
    }
    return BigInt(`0x${output}`);
  }

  /** TRX (`getaccount`: `{}` while the account does not exist) and energy and bandwidth (`getaccountresource`). */
  private async walletResources(address: string): Promise<WalletResources> {
    const body = { address: toTronBase58(address), visible: true };
    const [account, resources] = await Promise.all([
      this.api.post<{ balance?: number }>('/wallet/getaccount', body),
      this.api.post<Record<string, number | undefined>>('/wallet/getaccountresource', body),
    ]);
    // Fields at zero are left out of java-tron's answers.
    const n = (field: string) => resources[field] ?? 0;
    return {
      balanceSun: isEmptyAnswer(account) ? null : BigInt(account.balance ?? 0),
      energyLimit: n('EnergyLimit'),
      energyUsed: n('EnergyUsed'),
      freeNetLimit: n('freeNetLimit'),
      freeNetUsed: n('freeNetUsed'),
      netLimit: n('NetLimit'),
      netUsed: n('NetUsed'),
    };
  }

  /** The chain's current prices: governance changes them (energy went 420 → 210 → 100 sun in 2024–2025). */
  private async prices(): Promise<ChainPrices> {
    const { chainParameter = [] } = await this.api.post<{ chainParameter?: { key: string; value?: number }[] }>('/wallet/getchainparameters', {});
    const parameter = (key: string): bigint => {
      const found = chainParameter.find((p) => p.key === key);
      if (!found) throw new Error(`the ${this.o.name} node's chain parameters lack ${key}`);
      return BigInt(found.value ?? 0);
    };
    return { energyFeeSun: parameter('getEnergyFee'), bandwidthFeeSun: parameter('getTransactionFee'), maxFeeLimitSun: parameter('getMaxFeeLimit') };
  }

  /** Its block and result once in a block of the current chain, else null. */
  private async transactionInfo(txId: string): Promise<{ success: boolean; blockNumber: number } | null> {
    const info = await this.api.post<{ id?: string; blockNumber?: number; result?: string; receipt?: { result?: string } }>('/wallet/gettransactioninfobyid', { value: txId });
    if (isEmptyAnswer(info)) return null;
    // `result: "FAILED"` and a receipt result other than SUCCESS (REVERT, OUT_OF_ENERGY…) both mean
    // nothing was paid; a receipt without a result is a call outside the VM (a TRX transfer).
    const receipt = info.receipt?.result;
    return { success: info.result !== 'FAILED' && (receipt === undefined || receipt === 'SUCCESS'), blockNumber: info.blockNumber ?? 0 };
  }

  /** Whether the node holds the transaction: in a block, or in its pool of pending transactions. */
  private async known(txId: string): Promise<boolean> {
    // The pending pool first, then the chain: a transaction only moves from the one to the other, so
    // one mined between the two reads is still found (read the other way round, it was in neither,
    // and its bytes were sent a second time).
    try {
      if (!isEmptyAnswer(await this.api.post('/wallet/gettransactionfrompending', { value: txId }))) return true;
    } catch (error) {
      // A node without the pending-pool API (before java-tron 4.4): only the chain can say, and a
      // pending transaction is sent again, which the node answers DUP_TRANSACTION_ERROR.
      if (!(error instanceof TronNodeHttpError && error.status === 404)) throw error;
    }
    return !isEmptyAnswer(await this.api.post('/wallet/gettransactionbyid', { value: txId }));
  }
}

/**
 * TronWeb built the transaction from the plan and the request, offline; checked field by field
 * before anything is stored, since the stored bytes are the only ones ever sent for this refund.
 * @throws Error naming what differs
 */
function checkBuilt(
  signed: { txID: string; raw_data_hex: string; raw_data: object },
  r: PayoutRequest,
  p: TronPayoutData,
  header: { ref_block_bytes: string; ref_block_hash: string; expiration: number; timestamp: number },
): void {
  const raw = signed.raw_data as { contract: { parameter: { value: Record<string, unknown> } }[]; [field: string]: unknown };
  const value = raw.contract[0]?.parameter.value ?? {};
  const data = TRANSFER_SELECTOR + toEvmAddress(r.to).slice(2).padStart(64, '0') + r.amountBase.toString(16).padStart(64, '0');
  const expected: Record<string, unknown> = {
    contracts: 1,
    owner_address: toTronHex(r.from),
    contract_address: toTronHex(r.token),
    data,
    call_value: undefined,
    ...header,
    fee_limit: p.feeLimit,
    txID: createHash('sha256').update(Buffer.from(signed.raw_data_hex, 'hex')).digest('hex'),
  };
  const actual: Record<string, unknown> = {
    contracts: raw.contract.length,
    owner_address: value.owner_address,
    contract_address: value.contract_address,
    data: typeof value.data === 'string' ? value.data.toLowerCase() : value.data,
    call_value: value.call_value || undefined,
    ref_block_bytes: raw.ref_block_bytes,
    ref_block_hash: raw.ref_block_hash,
    expiration: raw.expiration,
    timestamp: raw.timestamp,
    fee_limit: raw.fee_limit,
    txID: signed.txID,
  };
  const wrong = Object.keys(expected).filter((k) => expected[k] !== actual[k]);
  if (wrong.length > 0) throw new Error(`TronWeb built another payout than planned (${wrong.join(', ')} differ): nothing is stored or sent`);
}

/** Whether two spellings name one TRON address. */
function sameAddress(a: string, b: string): boolean {
  try {
    return toTronHex(a) === toTronHex(b);
  } catch {
    return a === b;
  }
}

/** A TRON payout's data, as `prepare` planned it and `sign` stored it. */
function readData(data: string): TronPayoutData {
  return JSON.parse(data) as TronPayoutData;
}

/** TRON has no account nonce (`payout.nonce` is null): a payout is unique by its txID and bounded by its expiration. */
export function tronPayoutNonce(_data: string): number | null {
  return null;
}
