import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Address, getAddress, type Hex } from 'viem';
import { DEVNET_PAYER_KEYS } from '../../src/chains/evm/devnet/devnet.js';
import type { Stablecoin } from '../../src/domain/currencies.js';
import type { BenchNetworkId } from './core-protocol.js';
import { endpointOf, startBenchChain } from './anvil.js';
import type { ChainDriver } from './driver.js';
import { minedReceipt } from './rpc.js';
import { BenchWallet } from './wallet.js';

/**
 * An EVM network (ethereum, or an L2 such as base) on the section's own anvil (anvil.ts: mining only
 * when told, with the network's devnet chain id), paid by the devnet's payers with pre-signed
 * transfers of the coins the network offers.
 */
export async function startEvmDriver(network: BenchNetworkId): Promise<ChainDriver> {
  const chain = await startBenchChain(network);
  const { rpc, tokens, coins } = chain;
  const tokenOf = (coin: Stablecoin) => {
    const token = tokens[coin];
    if (!token) throw new Error(`${network} does not offer ${coin}`);
    return token;
  };
  const wallets = DEVNET_PAYER_KEYS.slice(0, 2).map((key) => new BenchWallet(rpc, chain.chainId, key));
  const walletOf = (i: number) => {
    const wallet = wallets[i];
    if (!wallet) throw new Error(`no test wallet ${i}`);
    return wallet;
  };
  return {
    network,
    node: `anvil (chain id ${chain.chainId})`,
    coins,
    pollMethods: ['eth_getBlockByNumber(latest)'],
    passMethod: 'eth_getBlockByNumber(latest)',
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
      for (const coin of coins) mints.push(await w.send(await w.signMint(tokenOf(coin), amountBase)));
      await rpc.mine();
      for (const m of mints) await minedReceipt(rpc, m.hash);
    },
    async transfer(wallet, coin, to, amountBase) {
      const w = walletOf(wallet);
      const signed = await w.signTransfer(tokenOf(coin), to.address as Address, amountBase);
      return { send: async () => (await w.send(signed)).hash };
    },
    checkMined: async (id) => void (await minedReceipt(rpc, id as Hex)),
    randomAddress: () => getAddress(`0x${randomBytes(20).toString('hex')}`),
    stop: () => chain.stop(),
  };
}
