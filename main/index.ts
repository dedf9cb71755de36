/**
 * Electron main process: runs the core in this process on a free loopback port, then shows its UI
 * in one hardened window. Everything else (payments, database, the UI's data) is the core's job,
 * reached over HTTP like any other client, so the shell stays thin.
 */
import { randomBytes } from 'node:crypto';
import { app, dialog, screen, type BrowserWindow } from 'electron';
import { createCore, type Core } from '../src/create-core.js';
import { serveBridge } from './bridge-handler.js';
import { dataDir, migrationsDir, rendererDir } from './paths.js';
import { osKeychainBox } from './secret-box.js';
import { hardenApp } from './security.js';
import { serveSystemPrint } from './system-print.js';
import { createDisplayWindow, createMainWindow } from './window.js';

let core: Core | undefined;
let window: BrowserWindow | undefined;

// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

async function start(): Promise<void> {
  await app.whenReady();
  // New every launch and never written down: only this launch's window can act as the UI.
  const uiToken = randomBytes(32).toString('base64url');
  core = createCore({
    dataDir: dataDir(),
    host: '127.0.0.1', // this machine only; serving a LAN is the headless CLI's job
    port: 0, // any free port, so a second profile or the CLI never collides with us
    uiToken,
    rendererDir: rendererDir(),
    migrationsDir: migrationsDir(),
    // The refund wallet's key sealed by the OS keychain; a passphrase in the environment wins.
    ...(process.env.STABLEPOS_WALLET_PASSPHRASE ? {} : { secretBox: osKeychainBox() }),
  });
  const apiBaseUrl = new URL(await core.start()).origin;
  hardenApp(apiBaseUrl);
  serveBridge({ apiBaseUrl, uiToken });
  serveSystemPrint(apiBaseUrl);
  window = createMainWindow(`${apiBaseUrl}/`);
  // The till's window is the app: closing it quits, even with the customer display still open.
  window.on('closed', () => {
    window = undefined;
    app.quit();
  });
  // A second screen facing the customer gets the customer display.
  const external = screen.getAllDisplays().find((d) => d.id !== screen.getPrimaryDisplay().id);
  if (external) createDisplayWindow(`${apiBaseUrl}/#/display`, external.bounds);
}

async function failStart(error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  console.error('stablepos could not start:', error);
  dialog.showErrorBox('stablepos could not start', message);
  await core?.stop().catch(() => undefined);
  core = undefined;
  app.exit(1);
}

// One instance per profile: two cores on one SQLite file would fight over it (and the port is
// random, so a second one would not even fail loudly). A second launch focuses the first window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });

  // A POS station has one window: closing it ends the app, on macOS too.
  app.on('window-all-closed', () => app.quit());

  // Quitting waits for the core to finish in-flight requests and close the database; then quits
  // for real (`core` is cleared, so this handler lets the second `before-quit` through).
  let stopping: Promise<void> | undefined;
  app.on('before-quit', (event) => {
    if (!core) return;
    event.preventDefault();
    stopping ??= core
      .stop()
      .catch((error: unknown) => console.error('stablepos: stopping the core failed:', error))
      .finally(() => {
        core = undefined;
        app.quit();
      });
  });

  // `npm start` forwards Ctrl-C and SIGTERM here: take the same clean path as closing the window.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  start().catch(failStart);
}
