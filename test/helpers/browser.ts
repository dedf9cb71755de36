/**
 * Debian's Chromium driven by playwright-core against the headless app (the browser cannot be
 * downloaded here; .ci/run installs the `chromium` package). Screenshots go to test-artifacts/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import type { CoreConfig } from '../../src/config.js';
import { checkResponse, isOurServer, trackCheck } from './check-every-response.js';
import { startTestCore, type TestCore } from './test-core.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
const repo = fileURLToPath(new URL('../..', import.meta.url));
export const RENDERER_DIR = join(repo, 'out', 'renderer');
export const ARTIFACTS_DIR = join(repo, 'test-artifacts');

/** The built UI: `npm test` builds before testing; a lone `vitest run` builds it here once. */
export function ensureRendererBuilt(): string {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    execFileSync(process.execPath, [join(repo, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: repo, stdio: 'inherit' });
  }
  return RENDERER_DIR;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * Checks an answer the page got from the app against the app's OpenAPI document, as every `fetch`
 * of the tests is (test/helpers/check-every-response.ts reports mismatches after the test).
 */
async function checkPageResponse(response: Response): Promise<void> {
  const url = new URL(response.url());
  const headers = response.headers();
  if (!isOurServer(url, headers['request-id'])) return;
  const method = response.request().method();
  const json = /^application\/json\b/.test(headers['content-type'] ?? '');
  // A body can be gone when the page navigated away meanwhile: then status and headers are checked.
  const body = json && method !== 'HEAD' ? await response.text().catch(() => undefined) : undefined;
  await checkResponse(url.origin, { method, path: url.pathname + url.search, status: response.status(), header: (name) => headers[name.toLowerCase()], body });
}

/**
 * A page that records console errors and uncaught exceptions, for "opens without errors", and has
 * every answer from the app checked against the app's OpenAPI document.
 */
export async function openPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1200 } });
  page.on('response', (response) => trackCheck(checkPageResponse(response)));
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The core as the browser tests run it with a devnet: Ethereum only, fast blocks and timers. */
export const DEVNET_UI_CORE: Partial<CoreConfig> = {
  networks: { test: { bsc: 'off' } },
  devnetBlockTimeSeconds: 0.2,
  confirmations: { ethereum: 2 },
  expiryMaxSleepMs: 100, // timers re-read the (test-advanced) clock at least this often
};

export interface AppInBrowser {
  t: TestCore;
  browser: Browser;
  page: Page;
  /** Console errors and uncaught exceptions of `page`. */
  errors: string[];
  stop(): Promise<void>;
}

/** The owner the browser tests sign in as (made through the first-start setup). */
export const TEST_OWNER = { name: 'Olga', pin: '2580' } as const;

/** The headless app with its UI, a browser on `#/<screen>`, signed in as the owner with a PIN. */
export async function openAppInBrowser(screen: string, overrides: Partial<CoreConfig> = {}): Promise<AppInBrowser> {
  const t = await startTestCore({ ...overrides, rendererDir: ensureRendererBuilt() });
  const setup = await t.api('POST', '/v1/ui/setup', { key: null, body: TEST_OWNER });
  if (setup.status !== 200) throw new Error(`creating the first owner: ${setup.status} ${setup.text}`);
  const browser = await launchBrowser();
  const { page, errors } = await openPage(browser);
  await page.goto(`${t.url}/#/${screen}`);
  await signIn(page);
  return {
    t,
    browser,
    page,
    errors,
    async stop() {
      await browser.close();
      await t.stop();
    },
  };
}

/** Signs the UI in the way a person does: name and PIN. */
export async function signIn(page: Page, user: { name: string; pin: string } = TEST_OWNER): Promise<void> {
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('PIN', { exact: true }).fill(user.pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.who').waitFor();
}
