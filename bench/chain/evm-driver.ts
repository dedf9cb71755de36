import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Address, getAddress, type Hex } from 'viem';
import { DEVNET_PAYER_KEYS } from '../../src/chains/evm/devnet/devnet.js';
import { endpointOf, startBenchChain } from './anvil.js';
import type { ChainDriver } from './driver.js';
import { minedReceipt } from './rpc.js';
import { BenchWallet } from './wallet.js';

/** ethereum on the section's own anvil (anvil.ts: mining only when told), paid by the devnet's payers with pre-signed transfers. */
export async function startEvmDriver(): Promise<ChainDriver> {
  const chain = await startBenchChain();
  const { rpc, tokens } = chain;
  const wallets = DEVNET_PAYER_KEYS.slice(0, 2).map((key) => new BenchWallet(rpc, chain.chainId, key));
  const walletOf = (i: number) => {
    const wallet = wallets[i];
    if (!wallet) throw new Error(`no test wallet ${i}`);
    return wallet;
  };
  const coins = ['USDT', 'USDC'] as const;
  return {
    network: 'ethereum',
    node: 'anvil',
    coins,
    pollMethods: ['eth_getBlockByNumber(latest)'],
    url: chain.rpcUrl,
    coreNetwork: (url) => endpointOf(chain, url),
    blockNumber: () => rpc.blockNumber(),
    mine: async () => {
      await rpc.mine();
      return performance.now();
    },
    async fund(wallet, amountBase) {
      const w = walletOf(wallet);
      const mints = [];
      for (const coin of coins) mints.push(await w.send(await w.signMint(tokens[coin], amountBase)));
      await rpc.mine();
      for (const m of mints) await minedReceipt(rpc, m.hash);
    },
    async transfer(wallet, coin, to, amountBase) {
      const w = walletOf(wallet);
      const signed = await w.signTransfer(tokens[coin], to.address as Address, amountBase);
      return { send: async () => (await w.send(signed)).hash };
    },
    checkMined: async (id) => void (await minedReceipt(rpc, id as Hex)),
    randomAddress: () => getAddress(`0x${randomBytes(20).toString('hex')}`),
    stop: () => chain.stop(),
  };
}
