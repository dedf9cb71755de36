import { type Address, encodeFunctionData, type Hex, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_TOKEN_ABI } from '../../src/chains/anvil/test-token-artifact.js';
import type { Rpc } from './rpc.js';

// Explicit fees and gas: nothing is estimated, so transactions can be signed ahead and sent with
// mining paused. A first transfer to a fresh address costs about 52k gas.
const FEES = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
const GAS = 100_000n;

export interface SignedTx {
  hash: Hex;
  raw: Hex;
}

/**
 * A customer's wallet: signs test-token calls locally with its own key and tracks its nonce from the
 * chain's pending count at the first call, so many transactions can be signed before any is sent
 * (signing is kept out of the measured windows).
 */
export class BenchWallet {
  private readonly account;
  private nextNonce: number | undefined;

  constructor(
    private readonly rpc: Rpc,
    private readonly chainId: number,
    key: Hex,
  ) {
    this.account = privateKeyToAccount(key);
  }

  get address(): Address {
    return this.account.address;
  }

  private async sign(to: Address, data: Hex): Promise<SignedTx> {
    this.nextNonce ??= Number(await this.rpc.call<string>('eth_getTransactionCount', [this.address, 'pending']));
    const nonce = this.nextNonce++;
    const raw = await this.account.signTransaction({ type: 'eip1559', chainId: this.chainId, to, data, nonce, gas: GAS, ...FEES });
    return { hash: keccak256(raw), raw };
  }

  signMint(token: Address, amount: bigint): Promise<SignedTx> {
    return this.sign(token, encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'mint', args: [this.address, amount] }));
  }

  signTransfer(token: Address, to: Address, amount: bigint): Promise<SignedTx> {
    return this.sign(token, encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'transfer', args: [to, amount] }));
  }

  async send(tx: SignedTx): Promise<SignedTx> {
    const hash = await this.rpc.sendRaw(tx.raw);
    if (hash !== tx.hash) throw new Error(`node reports ${hash} for ${tx.hash}`);
    return tx;
  }
}
