import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { toTronBase58 } from '../../src/chains/tron/address-format.js';
import { TRON_DEVNET_PAYER_KEYS } from '../../src/chains/tron/devnet/test-accounts.js';
import { callToken, tronWebOf, waitForTronTransaction } from '../../src/chains/tron/devnet/test-wallet.js';
import { startTronDevnet, TRON_DEVNET_DEFAULT_BLOCK_TIME_SECONDS } from '../../src/chains/tron/devnet/tron-devnet.js';
import type { ChainDriver } from './driver.js';
import { rpcClient } from './rpc.js';

/** How long a transfer already mined may take to show in the stand-in's transaction info. */
const INFO_TIMEOUT_MS = 5_000;
/** anvil writes its state file only when the stand-in stops: no dump runs while the core is measured. */
const STATE_INTERVAL_SECONDS = 24 * 3600;

/**
 * tron on the TRON stand-in of test mode (src/chains/tron/devnet: java-tron's HTTP API and /jsonrpc
 * over anvil), started by the section with its state in `dir`. The stand-in makes a block every 3 s on
 * its own; the bench turns that off and makes the blocks itself (anvil's `evm_mine` under it), at
 * TRON's interval, so that it knows when each one exists: the stand-in reads anvil on every request,
 * so a block is on its /jsonrpc as soon as `evm_mine` returns. Payments are TRC-20 transfers of the
 * test USDT built by the node (/wallet/triggersmartcontract), signed by an unmodified TronWeb client
 * and sent to /wallet/broadcasttransaction, as a wallet pays.
 */
export async function startTronDriver(dir: string): Promise<ChainDriver> {
  const devnet = await startTronDevnet({
    stateFile: join(dir, 'tron.json'),
    blockTimeSeconds: TRON_DEVNET_DEFAULT_BLOCK_TIME_SECONDS,
    stateIntervalSeconds: STATE_INTERVAL_SECONDS,
  });
  try {
    const anvil = rpcClient(devnet.anvilRpcUrl);
    // 0 turns anvil's interval mining off: from now on a block is made only by evm_mine.
    await anvil.call('evm_setIntervalMining', [0]);
    const wallets = await Promise.all(TRON_DEVNET_PAYER_KEYS.slice(0, 2).map((key) => tronWebOf(devnet.httpUrl, key)));
    const walletOf = (i: number) => {
      const wallet = wallets[i];
      if (!wallet) throw new Error(`no test wallet ${i}`);
      return wallet;
    };
    const usdt = devnet.tokens.USDT;
    const checkMined = (id: string) => waitForTronTransaction(walletOf(0), id, INFO_TIMEOUT_MS);
    return {
      network: 'tron',
      node: 'the TRON stand-in (java-tron\'s HTTP API and /jsonrpc over anvil)',
      coins: ['USDT'],
      pollMethods: ['eth_getBlockByNumber(latest)'],
      passMethod: 'eth_getBlockByNumber(latest)',
      url: devnet.httpUrl,
      coreNetwork: (url = devnet.httpUrl) => ({ network: 'tron', rpcUrl: url, chainId: String(devnet.chainId), tokens: { USDT: usdt } }),
      blockNumber: () => anvil.blockNumber(),
      mine: async () => {
        await anvil.mine();
        return performance.now();
      },
      async fund(wallet, amountBase) {
        const web = walletOf(wallet);
        const minted = await callToken(web, usdt, 'mint', web.defaultAddress.base58 as string, amountBase);
        await anvil.mine();
        await checkMined(minted);
      },
      async transfer(wallet, coin, to, amountBase) {
        if (coin !== 'USDT') throw new Error(`the TRON stand-in has no test ${coin}`);
        const web = walletOf(wallet);
        // A TRON transaction expires a minute after the block it was built on: built and signed when sent.
        return { send: () => callToken(web, usdt, 'transfer', to.address, amountBase) };
      },
      checkMined,
      randomAddress: () => toTronBase58(`0x${randomBytes(20).toString('hex')}`),
      stop: () => devnet.stop(),
    };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}
