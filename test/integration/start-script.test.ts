/**
 * `npm start` where Electron cannot run (this machine, CI): it says why, builds the UI, serves the app
 * headless and, once it answers, says which address to open in a browser (nothing opens by itself).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('headless, npm start prints where to open the app once it listens, and stops on SIGINT', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-start-'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--port', '0', '--rate-feed', 'off', '--mode', 'test'], {
    cwd: root,
    env: { ...process.env, STABLEPOS_HEADLESS: '1', STABLEPOS_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 90_000;
    while (!/^Open http:\/\/127\.0\.0\.1:\d+ in a browser/m.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`npm start exited early: ${child.exitCode}\n${stdout}\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`no "Open …" line in time\nstdout: ${stdout}\nstderr: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(stdout).toMatch(/^Electron cannot start here \(STABLEPOS_HEADLESS is set[^)]*\); serving the app headless instead\n/);
    const url = /^listening on (\S+)$/m.exec(stdout)?.[1];
    expect(stdout).toContain(`listening on ${url}\nOpen ${url} in a browser to use the app (Ctrl-C stops it).\n`);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  } finally {
    child.kill('SIGINT');
  }
  expect(await exited).toBe(0);
}, 120_000);
