import { networkStatus } from './api.js';
import { type CoreProcess, startCoreProcess } from './core-process.js';
import type { ChainDriver } from './driver.js';
import { waitUntil } from './stats.js';

/**
 * The core child on the driver's chain, ready to be paid: where the chain needs the merchant's wallet
 * opened (Solana: a wallet cannot pay into a missing token account, and the core offers only coins it
 * can be paid in), the bench opens it as the owner would, then waits until the core offers every coin.
 */
export async function startCoreOnChain(
  driver: ChainDriver,
  dataDir: string,
  options: { rpcUrl?: string; pollMs: number; confirmations: number },
  cpuProf: { dir: string | undefined; name: string },
): Promise<CoreProcess> {
  const core = await startCoreProcess(dataDir, { ...driver.coreNetwork(options.rpcUrl), pollMs: options.pollMs, confirmations: options.confirmations }, cpuProf);
  try {
    if (driver.openMerchantWallet) {
      if (core.wallet === null) throw new Error(`the core has no test wallet for ${driver.network}`);
      await driver.openMerchantWallet(core.wallet);
    }
    await waitUntil(
      async () => {
        const tokens = (await networkStatus(core, driver.network)).tokens;
        return driver.coins.every((c) => tokens.find((t) => t.currency === c)?.payable);
      },
      10_000,
      `the core to offer ${driver.coins.join(' and ')} on ${driver.network}`,
    );
    return core;
  } catch (error) {
    await core.stop();
    throw error;
  }
}
