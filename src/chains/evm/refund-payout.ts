import { randomBytes } from 'node:crypto';
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, isAddress, keccak256, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Stablecoin } from '../../domain/currencies.js';
import { erc20TransferUri } from './payment-uri.js';

/**
 * Refund payouts on one EVM network: what the refund worker needs to check, sign, send and follow a
 * token transfer from the refund wallet, and to check a destination. Nonces, raw transactions and
 * their hashes are chosen and stored by the caller; this module never picks a nonce by itself.
 */

/** Gas limit of a payout: an ERC-20 transfer to a fresh holder costs about 52k–65k. */
export const PAYOUT_GAS = 100_000n;

export interface SignedPayout {
  raw: Hex;
  hash: Hex;
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

export class EvmPayoutChain {
  constructor(
    private readonly o: {
      client: PublicClient;
      chainId: number;
      tokens: Readonly<Record<Stablecoin, { contract: Address; decimals: number }>>;
    },
  ) {}

  get chainId(): number {
    return this.o.chainId;
  }

  async isContract(address: string): Promise<boolean> {
    const code = await this.o.client.getCode({ address: address as Address });
    return code !== undefined && code !== '0x';
  }

  async head(): Promise<number> {
    return Number(await this.o.client.getBlockNumber({ cacheTime: 0 }));
  }

  async balances(from: string, token: string): Promise<{ token: bigint; native: bigint }> {
    const [t, n] = await Promise.all([
      this.o.client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [from as Address] }),
      this.o.client.getBalance({ address: from as Address }),
    ]);
    return { token: t, native: n };
  }

  /** The next nonce counting transactions in the pool (`pending`) or only mined ones (`latest`). */
  async nonce(from: string, tag: 'pending' | 'latest'): Promise<number> {
    return this.o.client.getTransactionCount({ address: from as Address, blockTag: tag });
  }

  async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const f = await this.o.client.estimateFeesPerGas();
    // Head-room for a base fee that rises before inclusion: twice the estimate, as wallets do.
    return { maxFeePerGas: f.maxFeePerGas * 2n, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  }

  async sign(privateKey: Hex, p: { token: string; to: string; amountBase: bigint; nonce: number; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }): Promise<SignedPayout> {
    const account = privateKeyToAccount(privateKey);
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: this.o.chainId,
      to: p.token as Address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [p.to as Address, p.amountBase] }),
      nonce: p.nonce,
      gas: PAYOUT_GAS,
      maxFeePerGas: p.maxFeePerGas,
      maxPriorityFeePerGas: p.maxPriorityFeePerGas,
      value: 0n,
    });
    return { raw, hash: keccak256(raw) };
  }

  async broadcast(raw: string): Promise<void> {
    await this.o.client.sendRawTransaction({ serializedTransaction: raw as Hex });
  }

  /** The transaction's receipt, or null while it is not in a block of the current chain. */
  async receipt(hash: string): Promise<{ success: boolean; blockNumber: number } | null> {
    const r = await this.o.client.getTransactionReceipt({ hash: hash as Hex }).catch((err: unknown) => {
      if ((err as { name?: string }).name === 'TransactionReceiptNotFoundError') return null;
      throw err;
    });
    return r ? { success: r.status === 'success', blockNumber: Number(r.blockNumber) } : null;
  }

  /** Whether the node knows the transaction at all (in a block or in its pool). */
  async known(hash: string): Promise<boolean> {
    const tx = await this.o.client.getTransaction({ hash: hash as Hex }).catch((err: unknown) => {
      if ((err as { name?: string }).name === 'TransactionNotFoundError') return null;
      throw err;
    });
    return tx !== null;
  }

  uri(token: string, to: string, amountBase: bigint): string {
    return erc20TransferUri(token as Address, this.o.chainId, to as Address, amountBase);
  }
}
