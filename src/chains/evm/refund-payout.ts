import { randomBytes } from 'node:crypto';
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, isAddress, keccak256, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { formatDecimal } from '../../domain/money.js';
import type { PayoutPort, PayoutRequest, PayoutState, PreparedPayout, SignedPayout, WalletFunds } from '../../domain/payout.js';
import { erc20TransferUri } from './payment-uri.js';

/**
 * Refund payouts on one EVM network, as the payout port (domain/payout.ts): an ERC-20 `transfer` from
 * the refund wallet, EIP-1559, signed here and stored by the caller before it is sent. What EVM keeps
 * in the payout's data is its nonce: one nonce can be mined once, so `from:nonce` is the payout's key,
 * and a payout whose nonce another transaction took can never be mined.
 */

/** Gas limit of a payout: an ERC-20 transfer to a fresh holder costs about 52k–65k. */
export const PAYOUT_GAS = 100_000n;

/** What an EVM payout stores as its data: the nonce and the fees it was signed with. */
interface EvmPayoutData {
  nonce: number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

/** A new random EVM private key (hex) and its address. */
export function newEvmKey(): { privateKey: Hex; address: Address } {
  const privateKey = `0x${randomBytes(32).toString('hex')}` as Hex;
  return { privateKey, address: privateKeyToAccount(privateKey).address };
}

/** The address of an EVM private key. @throws Error when it is not a valid key */
export function evmKeyAddress(privateKey: Hex): Address {
  return privateKeyToAccount(privateKey).address;
}

/** A hex address, checksummed; null when it is not one (a mixed-case address must have a valid EIP-55 checksum). */
export function normalizeEvmAddress(address: string): Address | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  if (!isAddress(address, { strict: true })) return null;
  if (/^0x0{40}$/i.test(address)) return null;
  return getAddress(address);
}

export class EvmPayoutChain implements PayoutPort {
  constructor(
    private readonly o: {
      client: PublicClient;
      /** Decimal chain id: signed into every payout, so it cannot be replayed on another chain. */
      chainId: string;
      /** The network's name, for failure reasons. */
      name: string;
    },
  ) {}

  async isContract(address: string): Promise<boolean> {
    const code = await this.o.client.getCode({ address: address as Address });
    return code !== undefined && code !== '0x';
  }

  async head(): Promise<number> {
    return Number(await this.o.client.getBlockNumber({ cacheTime: 0 }));
  }

  /**
   * `eth_getBalance` and each token's `balanceOf`, all at once; one payout needs what `prepare` asks
   * for it: PAYOUT_GAS at twice the current fee estimate.
   */
  async funds(wallet: string, tokens: readonly string[]): Promise<WalletFunds> {
    const [gas, fees, ...balances] = await Promise.all([
      this.o.client.getBalance({ address: wallet as Address }),
      this.fees(),
      ...tokens.map((token) => this.o.client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet as Address] })),
    ]);
    return { gas, gasPerPayout: PAYOUT_GAS * fees.maxFeePerGas, tokens: balances };
  }

  /**
   * Balances less what payouts already sent but not yet mined will take; then a nonce above every
   * nonce any payout of this wallet took and at least the wallet's pending count.
   */
  async prepare(r: PayoutRequest): Promise<PreparedPayout> {
    const [balances, fees] = await Promise.all([this.balances(r.from, r.token), this.fees()]);
    const tokenNeeded = r.amountBase + r.inFlight.filter((o) => o.token.toLowerCase() === r.token.toLowerCase()).reduce((s, o) => s + o.amountBase, 0n);
    if (balances.token < tokenNeeded) {
      return {
        ok: false,
        failure:
          `insufficient_token_balance: the refund wallet ${r.from} holds ${formatDecimal(balances.token, r.decimals)} ${r.currency} on ${this.o.name}, ` +
          `${formatDecimal(tokenNeeded, r.decimals)} needed; fund it and create the refund again`,
      };
    }
    const gasNeeded = PAYOUT_GAS * fees.maxFeePerGas * BigInt(r.inFlight.length + 1);
    if (balances.native < gasNeeded) {
      return {
        ok: false,
        failure:
          `insufficient_gas_balance: the refund wallet ${r.from} holds ${formatDecimal(balances.native, 18)} of ${this.o.name}'s native coin for gas, ` +
          `about ${formatDecimal(gasNeeded, 18)} needed; fund it and create the refund again`,
      };
    }
    const pending = await this.nonce(r.from, 'pending');
    const taken = r.previous.reduce((max, data) => Math.max(max, readData(data).nonce), -1);
    const plan: EvmPayoutData = { nonce: Math.max(pending, taken + 1), maxFeePerGas: fees.maxFeePerGas.toString(), maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString() };
    return { ok: true, plan: JSON.stringify(plan) };
  }

  async sign(privateKey: Uint8Array, r: PayoutRequest, plan: string): Promise<SignedPayout> {
    const p = readData(plan);
    const account = privateKeyToAccount(`0x${Buffer.from(privateKey).toString('hex')}`);
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: Number(this.o.chainId),
      to: r.token as Address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [r.to as Address, r.amountBase] }),
      nonce: p.nonce,
      gas: PAYOUT_GAS,
      maxFeePerGas: BigInt(p.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(p.maxPriorityFeePerGas),
      value: 0n,
    });
    return { raw, txId: keccak256(raw), key: `${account.address}:${p.nonce}`, data: plan };
  }

  async broadcast(raw: string): Promise<void> {
    await this.o.client.sendRawTransaction({ serializedTransaction: raw as Hex });
  }

  /**
   * Mined (its receipt), waiting in the node's pool, or gone from both (a reorganisation, a node
   * restart). A wallet payout gone from both can never be mined if another transaction took its nonce;
   * otherwise the same bytes may still be, and are sent again.
   */
  async confirm(txId: string, signed: { from: string; data: string } | null): Promise<PayoutState> {
    const receipt = await this.receipt(txId);
    if (receipt) return { state: 'included', ...receipt };
    if (await this.known(txId)) return { state: 'waiting' };
    if (!signed) return { state: 'missing' };
    const { nonce } = readData(signed.data);
    const mined = await this.nonce(signed.from, 'latest');
    if (mined <= nonce) return { state: 'missing' };
    // Mined in between the two reads: the next pass counts it.
    if (await this.receipt(txId)) return { state: 'waiting' };
    return { state: 'dead', failure: `nonce_taken: another transaction from the refund wallet used nonce ${nonce}, so payout ${txId} can never be mined; nothing was paid` };
  }

  readonly requestContent = 'uri' as const;

  request(token: string, to: string, amountBase: bigint): string {
    return erc20TransferUri(token as Address, this.o.chainId, to as Address, amountBase);
  }

  private async balances(from: string, token: string): Promise<{ token: bigint; native: bigint }> {
    const [t, n] = await Promise.all([
      this.o.client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [from as Address] }),
      this.o.client.getBalance({ address: from as Address }),
    ]);
    return { token: t, native: n };
  }

  /** The next nonce counting transactions in the pool (`pending`) or only mined ones (`latest`). */
  private async nonce(from: string, tag: 'pending' | 'latest'): Promise<number> {
    return this.o.client.getTransactionCount({ address: from as Address, blockTag: tag });
  }

  private async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const f = await this.o.client.estimateFeesPerGas();
    // Head-room for a base fee that rises before inclusion: twice the estimate, as wallets do.
    return { maxFeePerGas: f.maxFeePerGas * 2n, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  }

  /** The transaction's receipt, or null while it is not in a block of the current chain. */
  private async receipt(hash: string): Promise<{ success: boolean; blockNumber: number } | null> {
    const r = await this.o.client.getTransactionReceipt({ hash: hash as Hex }).catch((err: unknown) => {
      if ((err as { name?: string }).name === 'TransactionReceiptNotFoundError') return null;
      throw err;
    });
    return r ? { success: r.status === 'success', blockNumber: Number(r.blockNumber) } : null;
  }

  /** Whether the node knows the transaction at all (in a block or in its pool). */
  private async known(hash: string): Promise<boolean> {
    const tx = await this.o.client.getTransaction({ hash: hash as Hex }).catch((err: unknown) => {
      if ((err as { name?: string }).name === 'TransactionNotFoundError') return null;
      throw err;
    });
    return tx !== null;
  }
}

/** An EVM payout's data, as `prepare` planned it and `sign` stored it. */
function readData(data: string): EvmPayoutData {
  return JSON.parse(data) as EvmPayoutData;
}

/** The nonce an EVM payout was signed with (shown as `payout.nonce`). */
export function evmPayoutNonce(data: string): number | null {
  const nonce = (JSON.parse(data) as Partial<EvmPayoutData>).nonce;
  return typeof nonce === 'number' ? nonce : null;
}
