/**
 * What the EVM watcher (the transfer-log watcher TRON shares) reports for each kind of transfer to the
 * merchant's addresses, against a real anvil devnet and an in-memory port (issue 17): on a network
 * offering USDT only, with USDC and the devnet's DAI watched as extra tokens, a USDT transfer to a
 * watched address is a payment; USDC there is an unmatched `wrong_asset` (before, it was not even
 * scanned: ignored); DAI an `unsupported_token`; USDT to an address whose window has ended is `late`;
 * nothing is reported for a stranger's address. All from the same single eth_getLogs per scan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_DAI, DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { evmFamily } from '../../src/chains/evm/index.js';
import type { TransferLogWatcher } from '../../src/chains/transfer-logs/transfer-log-watcher.js';
import { budget, PAY_MS } from '../helpers/evm-chain.js';
import { FakeWatcherPorts } from '../helpers/fake-watcher-ports.js';

let dir: string;
let devnet: Devnet;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-evm-watcher-deposits-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
}, 60_000);
afterAll(async () => {
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const address = (key: `0x${string}`) => privateKeyToAccount(key).address;
const WATCHED = address('0x1000000000000000000000000000000000000000000000000000000000000001');
const ENDED = address('0x1000000000000000000000000000000000000000000000000000000000000002');
const STRANGER = address('0x1000000000000000000000000000000000000000000000000000000000000003');

test('each transfer is reported as what it is: a payment, wrong_asset, unsupported_token, late, or nothing', async () => {
  const ports = new FakeWatcherPorts();
  ports.watched.add(WATCHED);
  ports.ended.add(ENDED);
  const { watcher } = evmFamily.connect(
    {
      network: 'ethereum',
      livemode: false,
      status: 'ready',
      chainId: String(devnet.chainId),
      rpcUrl: devnet.rpcUrl,
      devnet: false,
      confirmations: 1,
      pollMs: 100,
      // USDT only: USDC is a coin this network does not offer here, as USDC on TRON.
      tokens: { USDT: { contract: devnet.tokens.USDT, decimals: 6 } },
      extraTokens: [
        { symbol: 'USDC', contract: devnet.tokens.USDC, decimals: 6, currency: 'USDC' },
        { symbol: 'DAI', contract: DEVNET_DAI.address, decimals: 18, currency: null },
      ],
    },
    ports,
  );
  const scanner = watcher as TransferLogWatcher;
  await scanner.tick(); // the first pass only places the cursor at the head

  const payer = DEVNET_PAYER_KEYS[0]!;
  const pay = (token: 'USDT' | 'USDC' | 'DAI', to: `0x${string}`, amountBaseUnits: bigint) => mintAndPay(devnet, { payerKey: payer, token, to, amountBaseUnits });
  const paid = await pay('USDT', WATCHED, 5_000_000n);
  const usdc = await pay('USDC', WATCHED, 6_000_000n);
  const dai = await pay('DAI', WATCHED, 7n * 10n ** 18n);
  const late = await pay('USDT', ENDED, 8_000_000n);
  const daiLate = await pay('DAI', ENDED, 9n * 10n ** 18n);
  await pay('USDT', STRANGER, 1_000_000n);
  await pay('DAI', STRANGER, 10n ** 18n);

  const calls = scanner.stats.rpcCalls;
  await scanner.tick();
  // getBlock(latest) and one eth_getLogs for all five contracts (anvil gives block times with the logs).
  expect(scanner.stats.rpcCalls - calls).toBe(2);
  expect(ports.transfers().map((t) => [t.txId, t.currency, t.to, t.amountBase])).toEqual([[paid.txHash, 'USDT', WATCHED, 5_000_000n]]);
  const unmatched = ports.applied.flatMap((s) => s.unmatched ?? []);
  expect(unmatched.map((t) => [t.txId, t.reason, t.currency, t.tokenContract, t.decimals, t.to, t.from, t.amountBase])).toEqual([
    [usdc.txHash, 'wrong_asset', 'USDC', devnet.tokens.USDC, 6, WATCHED, paid.from, 6_000_000n],
    [dai.txHash, 'unsupported_token', null, DEVNET_DAI.address, 18, WATCHED, paid.from, 7n * 10n ** 18n],
    [late.txHash, 'late', 'USDT', devnet.tokens.USDT, 6, ENDED, paid.from, 8_000_000n],
    [daiLate.txHash, 'unsupported_token', null, DEVNET_DAI.address, 18, ENDED, paid.from, 9n * 10n ** 18n],
  ]);
}, budget(Array(8).fill(PAY_MS)));
