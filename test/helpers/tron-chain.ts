/**
 * Helpers for tests on the TRON devnet stand-in: an unmodified TronWeb client pointed at it, an outside
 * wallet that pays through it (`TronPayer`), control over the anvil underneath (mining, pausing,
 * deploying test contracts), bounded waits for a transaction's info, and java-tron's hex-encoded
 * broadcast messages read back as text.
 */
import { randomBytes } from 'node:crypto';
import { TronWeb, utils } from 'tronweb';
import { tronDevnet } from '../../src/chains/tron/devnet/index.js';
import type { ChainIntegration } from '../../src/chain-integration.js';
import { toTronBase58 } from '../../src/chains/tron/address-format.js';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import type { TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { waitFor } from './evm-chain.js';

/** A TronWeb client of the devnet, signing with `privateKey` when given. */
export function tronWeb(devnet: Pick<TronDevnet, 'httpUrl'>, privateKey?: string): TronWeb {
  return new TronWeb({ fullHost: devnet.httpUrl, ...(privateKey && { privateKey }) });
}

/** A fresh account nobody has used: whatever it holds came from the test. */
export function newAccount(): { privateKey: string; address: string } {
  const account = utils.accounts.generateAccount();
  return { privateKey: account.privateKey, address: account.address.base58 };
}

/** anvil's own JSON-RPC under the devnet (mining, snapshots): not part of the TRON face. */
export async function anvil<T = unknown>(devnet: Pick<TronDevnet, 'anvilRpcUrl'>, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(devnet.anvilRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Mines `blocks` blocks now, whatever the mining mode. */
export async function mine(devnet: Pick<TronDevnet, 'anvilRpcUrl'>, blocks = 1): Promise<void> {
  await anvil(devnet, 'anvil_mine', [`0x${blocks.toString(16)}`]);
}

/** The chain's head, from the TRON face. */
export async function headNumber(web: TronWeb): Promise<number> {
  return (await web.trx.getCurrentBlock()).block_header.raw_data.number;
}

/**
 * How long a broadcast transaction may take to be in a block: it goes into the next one, at most a
 * block time away; ten block times plus 5 s for a loaded machine (as the EVM devnets' receiptTimeoutMs).
 */
export const inclusionMs = (devnet: Pick<TronDevnet, 'blockTimeSeconds'>) => 5_000 + Math.ceil(devnet.blockTimeSeconds * 10_000);

/** Waits until the full node (or, `solid`, the solidity node) has the transaction's info; returns it. */
export function waitForInfo(web: TronWeb, txId: string, timeoutMs: number, solid = false): Promise<any> {
  return waitFor(
    async () => {
      const info: any = solid ? await web.trx.getTransactionInfo(txId) : await web.trx.getUnconfirmedTransactionInfo(txId);
      return Object.keys(info).length > 0 ? info : false;
    },
    timeoutMs,
    `the ${solid ? 'solidified' : ''} info of ${txId}`,
  );
}

/** A broadcast answer's `message` (hex-encoded text, as java-tron sends it) as text. */
export function messageText(answer: { message?: string }): string {
  return Buffer.from(answer.message ?? '', 'hex').toString('utf8');
}

/**
 * Pays `to` in test USDT on a TRON devnet whose files are in `devnetDir` (the core's is
 * `<data dir>/devnet`), as `stablepos devnet pay` does: TronWeb mints, then transfers. Resolves with
 * the transfer's txID once it is in a block, at most `tronPayMs` later.
 */
export function payOnTronDevnet(devnetDir: string, to: string, amountMinor: bigint, payer = 1): Promise<string> {
  return tronDevnet.pay({ dir: devnetDir, network: 'tron', payer, currency: 'USDT', to, amountMinor });
}

/** The bound of payOnTronDevnet: two transactions, each in a block within inclusionMs. */
export const tronPayMs = (blockTimeSeconds: number) => 2 * inclusionMs({ blockTimeSeconds });
/** The running TRON devnet of a test core, as its own type. @throws Error when the core runs none */
export function tronDevnetOf(chains: ChainIntegration | undefined): RunningTronDevnet {
  const devnet = chains?.devnets.find((d) => d.network === 'tron');
  if (!devnet || !('anvilRpcUrl' in devnet)) throw new Error('no tron devnet is running');
  return devnet;
}

/** A session's TRON option of `currency` (USDT: the only coin TRON offers). */
export function tronOption(session: any, currency: 'USDT' | 'USDC' = 'USDT'): any {
  const found = session.payment_options.find((o: any) => o.network === 'tron' && o.currency === currency);
  if (!found) throw new Error(`no tron ${currency} option in ${JSON.stringify(session.payment_options)}`);
  return found;
}

/** The `amount=` of a `tron:` URI, in base units of a 6-decimal token. */
export function tronUriAmount(uri: string): bigint {
  const m = /[?&]amount=(\d+)(?:\.(\d{1,6}))?(?:&|$)/.exec(uri);
  if (!m) throw new Error(`no amount in ${uri}`);
  return BigInt(m[1] as string) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/** A transaction built by the node (`/wallet/triggersmartcontract`) and signed by its owner, as TronWeb gives it. */
export interface SignedTronTransaction {
  txID: string;
  raw_data: any;
  raw_data_hex: string;
  signature: string[];
}

/** A parameter of a contract call, as TronWeb takes it: `{ type: 'address', value: 'T…' }`. */
export type CallParameter = { type: string; value: string | number };

/**
 * An outside TRON wallet driven through an unmodified TronWeb: every call is built by the node
 * (`/wallet/triggersmartcontract`), signed locally with the wallet's key and broadcast through
 * `/wallet/broadcasttransaction`, as TronLink or Trust Wallet would. Nothing here waits for a block:
 * the stand-in puts a broadcast transaction in the next one (interval mining, or a test's `mine()`).
 */
export class TronPayer {
  readonly web: TronWeb;
  readonly address: string;

  constructor(
    devnet: Pick<TronDevnet, 'httpUrl'>,
    private readonly privateKey: string,
  ) {
    this.web = tronWeb(devnet, privateKey);
    this.address = this.web.defaultAddress.base58 as string;
  }

  /** Builds and signs `contract`.`selector`(parameters) without broadcasting it. */
  async sign(contract: string, selector: string, parameters: CallParameter[]): Promise<SignedTronTransaction> {
    const { transaction } = await this.web.transactionBuilder.triggerSmartContract(contract, selector, { feeLimit: 30_000_000 }, parameters, this.address);
    return (await this.web.trx.sign(transaction, this.privateKey)) as unknown as SignedTronTransaction;
  }

  /** Broadcasts a signed transaction (again, after a reorganisation); fails on any refusal. */
  async broadcast(signed: SignedTronTransaction): Promise<string> {
    const answer: any = await this.web.trx.sendRawTransaction(signed as never);
    if (answer.result !== true) throw new Error(`broadcast of ${signed.txID} refused: ${answer.code} ${messageText(answer)}`);
    return signed.txID;
  }

  async send(contract: string, selector: string, parameters: CallParameter[]): Promise<SignedTronTransaction> {
    const signed = await this.sign(contract, selector, parameters);
    await this.broadcast(signed);
    return signed;
  }

  /** The test token's open `mint`. */
  mint(token: string, to: string, amount: bigint): Promise<SignedTronTransaction> {
    return this.send(token, 'mint(address,uint256)', [{ type: 'address', value: to }, { type: 'uint256', value: amount.toString() }]);
  }

  /** A TRC-20 `transfer`: what a customer's wallet sends to pay. */
  transfer(token: string, to: string, amount: bigint): Promise<SignedTronTransaction> {
    return this.send(token, 'transfer(address,uint256)', [{ type: 'address', value: to }, { type: 'uint256', value: amount.toString() }]);
  }

  /** Mints `amount` to itself, then transfers it to `to`: the transfer is the payment. Not waited for. */
  async pay(token: string, to: string, amount: bigint): Promise<{ mint: SignedTronTransaction; transfer: SignedTronTransaction }> {
    const mint = await this.mint(token, this.address, amount);
    const transfer = await this.transfer(token, to, amount);
    return { mint, transfer };
  }

  /**
   * `pay`, then waits until the transfer is in a block (at most `inclusionMs` of the devnet); fails if it
   * reverted. `token`: the test USDT unless given (the devnet's test DAI, a token TRON does not offer).
   */
  async payAndWait(
    devnet: Pick<TronDevnet, 'blockTimeSeconds' | 'tokens'>,
    to: string,
    amount: bigint,
    token: string = devnet.tokens.USDT,
  ): Promise<{ txId: string; from: string; blockNumber: number; blockTime: number }> {
    const { transfer } = await this.pay(token, to, amount);
    const info = await waitForInfo(this.web, transfer.txID, inclusionMs(devnet));
    if (info.receipt?.result !== 'SUCCESS') throw new Error(`the payment ${transfer.txID} failed: ${JSON.stringify(info.receipt)}`);
    return { txId: transfer.txID, from: this.address, blockNumber: info.blockNumber, blockTime: info.blockTimeStamp };
  }
}

/** `owner`'s balance of a TRC-20 token, read through TronWeb (`triggerconstantcontract`). */
export async function tokenBalance(web: TronWeb, token: string, owner: string): Promise<bigint> {
  const { constant_result } = await web.transactionBuilder.triggerConstantContract(
    token,
    'balanceOf(address)',
    {},
    [{ type: 'address', value: owner }],
    web.defaultAddress.base58 || owner,
  );
  return BigInt(`0x${constant_result[0]}`);
}

/**
 * Deploys EVM creation code straight through anvil (the stand-in serves no TRON contract creation),
 * from a throw-away impersonated account, and mines it at once (whatever the mining mode); returns the
 * contract's `T…` address, which TronWeb can then call like any TRON contract.
 */
export async function deployThroughAnvil(devnet: Pick<TronDevnet, 'anvilRpcUrl' | 'blockTimeSeconds'>, creationCode: string): Promise<string> {
  const deployer = `0x${randomBytes(20).toString('hex')}`;
  const hash = await anvil<string>(devnet, 'eth_sendTransaction', [{ from: deployer, data: creationCode, gas: '0x2dc6c0', gasPrice: '0x0' }]);
  await mine(devnet);
  const receipt = await waitFor(
    () => anvil<{ status: string; contractAddress: string } | null>(devnet, 'eth_getTransactionReceipt', [hash]),
    inclusionMs(devnet),
    `the deployment ${hash}`,
  );
  if (receipt.status !== '0x1') throw new Error(`deploying through anvil failed (${hash})`);
  return toTronBase58(receipt.contractAddress);
}
