#!/usr/bin/env node
// `npm start`: the desktop app where Electron can run, otherwise the same app served headless for a
// browser. Extra arguments are passed on (`npm start -- --port 9000`).
//
// Never `require('electron')` here: from plain Node that module downloads its binary when it is
// missing, and this machine cannot. Its path is read the way that module would, without the download.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_NODE_FLAGS } from '../bin/core-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const require = createRequire(import.meta.url);
// The environment as we got it: building sets NODE_ENV and friends in this process, which must not
// leak into the app we start.
const childEnv = { ...process.env };

/** The Electron executable, or why there is none. */
function findElectron() {
  let moduleDir;
  try {
    moduleDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = join(moduleDir, 'path.txt');
  if (!existsSync(pathFile)) return { reason: 'no Electron binary installed' };
  const relative = readFileSync(pathFile, 'utf8').trim();
  // Electron's own launcher honours this override; so do we, so a custom build works here too.
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(moduleDir, 'dist');
  const binary = join(distDir, relative);
  return existsSync(binary) ? { binary } : { reason: `no Electron binary at ${binary}` };
}

/** Why a window cannot open here, if it cannot: X11 or Wayland is needed outside macOS and Windows. */
function missingDisplay() {
  if (process.platform === 'darwin' || process.platform === 'win32') return undefined;
  return process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? undefined : 'no display';
}

/**
 * Runs a program until it exits, then exits with its status. The child gets its own process group,
 * so a Ctrl-C reaches it once, from us: the terminal signals our whole group and npm forwards the
 * same signal again, and a server that stops cleanly on the first SIGINT may take a second one as
 * "force quit". Duplicates arriving together are therefore forwarded once.
 */
function runAndExit(command, commandArgs, { onLine } = {}) {
  const ownGroup = process.platform !== 'win32'; // on Windows `detached` would open a new console
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: childEnv,
    stdio: onLine ? ['inherit', 'pipe', 'inherit'] : 'inherit',
    detached: ownGroup,
  });
  if (onLine) {
    // Passed through as it comes, and read line by line for what to add after it.
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }
  let lastForward = 0;
  const forward = (signal) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const now = Date.now();
    if (now - lastForward < 1000) return;
    lastForward = now;
    child.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGTERM')); // terminal closed: the detached child would not hear it
  // Should we die some other way, take the child along rather than leave it serving in the background.
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  child.on('error', (error) => {
    console.error(`stablepos: cannot run ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}

/** `electron-vite build` as a child, with its usual output; exits if the build fails. */
function buildAll() {
  return new Promise((resolve) => {
    const cli = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
    const build = spawn(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' });
    build.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      console.error(`stablepos: electron-vite build failed (${signal ?? `exit ${code}`})`);
      process.exit(code || 1);
    });
  });
}

/**
 * Builds only the UI (out/renderer), quietly, with the renderer part of electron.vite.config.ts:
 * the headless server needs nothing else, and a fresh build keeps it from serving a stale UI. Where
 * the build tools are not installed (a production install), an existing build is served as it is.
 */
async function buildRenderer() {
  let electronVite, vite;
  try {
    electronVite = await import('electron-vite');
    vite = await import('vite');
  } catch {
    if (existsSync(join(root, 'out', 'renderer', 'index.html'))) return;
    console.error('stablepos: the UI is not built and the build tools are not installed; serving the API only');
    return;
  }
  // What `electron-vite build` sets first: it makes the renderer's asset paths relative ('./').
  process.env.NODE_ENV_ELECTRON_VITE = 'production';
  const { config } = await electronVite.resolveConfig({ root, logLevel: 'warn' }, 'build', 'production');
  if (!config?.renderer) throw new Error('electron.vite.config.ts has no renderer config');
  await vite.build(config.renderer);
}

async function main() {
  const electron = findElectron();
  const reasons = [electron.reason, missingDisplay()];
  if (process.env.STABLEPOS_HEADLESS) reasons.unshift('STABLEPOS_HEADLESS is set');
  const why = reasons.filter(Boolean);

  if (why.length === 0) {
    await buildAll();
    // The core runs in Electron's main process; V8 flags reach it only from the command line.
    runAndExit(electron.binary, [`--js-flags=${CORE_NODE_FLAGS.join(' ')}`, '.', ...args]);
    return;
  }

  console.log(`Electron cannot start here (${why.join('; ')}); serving the app headless instead`);
  await buildRenderer();
  const cli = join(root, 'bin', 'stablepos.mjs');
  if (!existsSync(cli)) {
    console.error(`stablepos: ${cli} is missing`);
    process.exit(1);
  }
  runAndExit(process.execPath, [...CORE_NODE_FLAGS, cli, 'serve', ...args], {
    // Headless, nothing opens by itself: say where the app is once it answers.
    onLine: (line) => {
      const listening = /^listening on (\S+)/.exec(line);
      if (listening) console.log(`Open ${listening[1]} in a browser to use the app (Ctrl-C stops it).`);
    },
  });
}

main().catch((error) => {
  console.error('stablepos:', error);
  process.exit(1);
});
