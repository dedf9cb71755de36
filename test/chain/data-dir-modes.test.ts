/**
 * The devnets' files in the data dir are private too, though anvil (a child process) writes its
 * state dumps itself: the core makes everything its process and children create owner-only
 * (src/private-files.ts), whatever umask it was started with.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { filesUnder, octal } from '../helpers/data-dir-files.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const parent = mkdtempSync(join(tmpdir(), 'stablepos-devnet-modes-'));
let t: TestCore | undefined;
afterAll(async () => {
  await t?.stop();
  rmSync(parent, { recursive: true, force: true });
});

test('a devnet\'s folder is 0700 and its endpoint and state files 0600, with the core started under umask 022', async () => {
  process.umask(0o022);
  const dataDir = join(parent, 'data');
  t = await startTestCore({ dataDir, networks: { test: { solana: 'off', ethereum: 'devnet', bsc: 'off', tron: 'off' } }, testRefundWallet: false });
  const devnetFiles = () => filesUnder(dataDir).filter((f) => f.name === 'devnet' || f.name.startsWith('devnet/'));
  const running = devnetFiles(); // the endpoint file and whatever else exists while the devnet runs
  await t.stop(); // a clean stop makes anvil dump its state file
  t = undefined;
  const stopped = devnetFiles();
  expect(running.map((f) => f.name)).toContain('devnet/ethereum.endpoint.json');
  expect(stopped.map((f) => f.name)).toContain('devnet/ethereum.json');
  for (const f of [...running, ...stopped]) expect(`${f.name} ${octal(f.mode)}`).toBe(`${f.name} ${f.isDir ? '0700' : '0600'}`);
  expect(octal(statSync(dataDir).mode & 0o777)).toBe('0700');
}, 60_000);
