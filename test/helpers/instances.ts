/**
 * Several stablepos instances on one PostgreSQL database, each in a process of its own
 * (instance-child.ts), sharing the data key as a deployment does (docs/deployment.md): each gets its
 * own data dir with a copy of one data-key.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { CoreConfig } from '../../src/config.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export interface Instance {
  name: string;
  url: string;
  pid: number;
  dataDir: string;
  /** What the process wrote to stderr so far (the end of it). */
  log(): string;
  /** SIGTERM: the core stops cleanly (hands its leases over). */
  stop(): Promise<void>;
  /** SIGKILL: nothing runs after it, as when a machine dies. */
  kill(): Promise<void>;
}

/** A data dir template holding one data key, which every instance's data dir copies. */
export function sharedDataKey(): { dir: string; dataDirFor(name: string): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'stablepos-instances-'));
  const keyFile = join(dir, 'data-key.json');
  writeFileSync(keyFile, JSON.stringify({ v: 1, sealedBy: null, key: randomBytes(32).toString('base64') }), { mode: 0o600 });
  return {
    dir,
    dataDirFor(name) {
      const dataDir = join(dir, name);
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      copyFileSync(keyFile, join(dataDir, 'data-key.json'));
      return dataDir;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Test-mode networks for instances sharing one chain: ethereum on the given devnet (every instance
 * watching the same anvil, which outlives any of them), every other network off.
 */
export function onlyEthereumOn(devnet: Devnet): NonNullable<CoreConfig['networks']> {
  return {
    test: {
      ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])),
      ethereum: { rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } },
    },
  };
}

export async function startInstance(name: string, config: CoreConfig): Promise<Instance> {
  const child: ChildProcess = spawn(process.execPath, [join(root, 'bin/run-ts.mjs'), join(root, 'test/helpers/instance-child.ts'), JSON.stringify(config)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${name} did not listen within ${START_TIMEOUT_MS} ms:\n${stderr}`)), START_TIMEOUT_MS);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited before it listened:\n${stderr}`));
    });
  });
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return {
    name,
    url,
    pid: child.pid!,
    dataDir: config.dataDir,
    log: () => stderr,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}
