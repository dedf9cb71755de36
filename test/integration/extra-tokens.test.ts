/**
 * Which extra tokens each network watches (issue 17: transfers of them to deposit addresses become
 * unmatched deposits, never payments), as the core configures them at start: live defaults (Solana's
 * too), a coin the network offers but the configuration left out (`wrong_asset`), a configured list
 * replacing the defaults, and a contract that is not the family's address refused at start. Live networks on a closed
 * port: configured, never reached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { CoreConfig } from '../../src/config.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

/** Nothing listens on port 9 (discard): the node never answers. */
const CLOSED = 'http://127.0.0.1:9';
/** No devnets: only live mode matters here. */
const TEST_OFF = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));

let t: TestCore | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

const extraOf = (core: TestCore, network: string) => core.core.chains?.networks(true).find((n) => n.network === network)?.extraTokens;
const symbols = (tokens: readonly { symbol: string; currency: string | null }[] | undefined) => tokens?.map((x) => `${x.symbol}:${x.currency ?? 'null'}`);

test('live defaults: DAI, FDUSD, PYUSD and BUSD where they exist; USDC on TRON, a coin it does not offer', async () => {
  t = await startTestCore({ networks: { test: TEST_OFF, live: { ethereum: { rpcUrl: CLOSED }, bsc: { rpcUrl: CLOSED }, tron: { rpcUrl: CLOSED } } } });
  expect(symbols(extraOf(t, 'ethereum'))).toEqual(['DAI:null', 'FDUSD:null', 'PYUSD:null', 'BUSD:null']);
  expect(extraOf(t, 'ethereum')?.find((x) => x.symbol === 'PYUSD')).toEqual({ symbol: 'PYUSD', contract: '0x6c3ea9036406852006290770BEdFcAbA0e23A0e8', decimals: 6, currency: null });
  expect(symbols(extraOf(t, 'bsc'))).toEqual(['DAI:null', 'FDUSD:null', 'BUSD:null']);
  expect(extraOf(t, 'tron')).toEqual([{ symbol: 'USDC', contract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', decimals: 6, currency: 'USDC' }]);
});

test('a coin the configuration leaves out is watched at its live contract as a wrong asset; a configured list replaces the defaults', async () => {
  t = await startTestCore({
    networks: {
      test: TEST_OFF,
      live: {
        // USDT only: USDC, which Ethereum offers, is turned off here.
        ethereum: { rpcUrl: CLOSED, tokens: { USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }, extraTokens: [{ symbol: 'DAI', contract: '0x6b175474e89094c44da98b954eedeac495271d0f', decimals: 18 }] },
        bsc: { rpcUrl: CLOSED, extraTokens: [] },
      },
    },
  });
  // The contract as the family writes it (checksummed), and the left-out coin after the list.
  expect(extraOf(t, 'ethereum')).toEqual([
    { symbol: 'DAI', contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F', decimals: 18, currency: null },
    { symbol: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, currency: 'USDC' },
  ]);
  expect(extraOf(t, 'bsc')).toEqual([]);
});

test('Solana: PYUSD by default; a coin the configuration leaves out is watched at its live mint as a wrong asset', async () => {
  t = await startTestCore({ networks: { test: TEST_OFF, live: { solana: { rpcUrl: CLOSED } } } });
  expect(extraOf(t, 'solana')).toEqual([{ symbol: 'PYUSD', contract: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', decimals: 6, currency: null }]);
  await t.stop();
  t = await startTestCore({ networks: { test: TEST_OFF, live: { solana: { rpcUrl: CLOSED, tokens: { USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' } } } } });
  expect(symbols(extraOf(t, 'solana'))).toEqual(['PYUSD:null', 'USDT:USDT']);
});

test('a contract that is not written as the family\'s address is refused at start, naming the key', async () => {
  const config: Partial<CoreConfig> = { networks: { test: TEST_OFF, live: { ethereum: { rpcUrl: CLOSED, extraTokens: [{ symbol: 'DAI', contract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', decimals: 18 }] } } } };
  const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-extra-tokens-'));
  try {
    await expect(startTestCore({ ...config, dataDir })).rejects.toThrow('networks.live.ethereum.extraTokens[0].contract: must be written as 0x followed by 40 hex digits');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
