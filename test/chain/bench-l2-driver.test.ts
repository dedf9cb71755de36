import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_L2 } from '../../bench/chain/env.js';
import type { ChainDriver } from '../../bench/chain/driver.js';
import { startChainDriver } from '../../bench/chain/drivers.js';
import { rpcClient } from '../../bench/chain/rpc.js';
import { DEVNET_CHAIN_IDS, DEVNET_TOKEN_ADDRESSES } from '../../src/chains/evm/devnet/devnet.js';

// The chain chain-latency and chain-rpc measure the L2 on (issue 31): the bench's own anvil with the
// network's devnet chain id, paying in the coins the network offers, blocks made when the bench says.

let driver: ChainDriver;
beforeAll(async () => {
  // An EVM chain keeps no files (no folder needed); the bench makes its blocks, so the interval is unused here.
  driver = await startChainDriver(DEFAULT_L2, '', 250);
}, 30_000);
afterAll(async () => driver?.stop());

test('the L2 runs on an anvil with its devnet chain id, and the core is given only the coins it offers', async () => {
  expect(driver.network).toBe(DEFAULT_L2);
  const chainId = await rpcClient(driver.url).call<string>('eth_chainId', []);
  expect(Number(chainId)).toBe(DEVNET_CHAIN_IDS[DEFAULT_L2]);
  // Base offers USDC alone (no Tether-issued USDT).
  expect(driver.coins).toEqual(['USDC']);
  expect(driver.coreNetwork()).toEqual({ network: DEFAULT_L2, rpcUrl: driver.url, chainId: DEVNET_CHAIN_IDS[DEFAULT_L2], tokens: { USDC: DEVNET_TOKEN_ADDRESSES.USDC } });
});

test('a transfer sent is in the next block the bench makes, and only then', async () => {
  await driver.fund(0, 5_000_000n);
  const before = await driver.blockNumber();
  const transfer = await driver.transfer(0, 'USDC', { address: driver.randomAddress() }, 1_000_000n);
  const id = await transfer.send();
  // Mining only when told: nothing moves until the bench makes the block.
  await new Promise((r) => setTimeout(r, 300));
  expect(await driver.blockNumber()).toBe(before);
  await driver.mine();
  expect(await driver.blockNumber()).toBe(before + 1);
  await driver.checkMined(id);
  await expect(driver.transfer(0, 'USDT', { address: driver.randomAddress() }, 1n)).rejects.toThrow(/does not offer USDT/);
});
