/**
 * Debian's Chromium driven by playwright-core against the headless app (the browser cannot be
 * downloaded here; .ci/run installs the `chromium` package). Screenshots go to test-artifacts/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { expect, vi } from 'vitest';
import { receiptTimeoutMs } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { checkResponse, isOurServer, trackCheck } from './check-every-response.js';
import { budget } from './evm-chain.js';
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

export interface PageOptions {
  /**
   * Lets the test inject a script of its own (axe-core, test/helpers/axe.ts): the app's CSP is
   * `script-src 'self'`, which refuses an inline script. Only for scans; other tests keep the CSP on,
   * so a violation of the page's own still shows as a console error.
   */
  bypassCSP?: boolean;
}

/**
 * A page that records console errors and uncaught exceptions, for "opens without errors", and has
 * every answer from the app checked against the app's OpenAPI document.
 */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1200 }, bypassCSP: options.bypassCSP ?? false });
  page.setDefaultTimeout(UI_WAIT_MS.step);
  // The same bound for what the tests poll on screen (expect.poll): vitest's default of 1 s is less
  // than a UI step may take on a loaded machine.
  // (Only inside vitest: the ui-charge benchmark opens pages with this helper too.)
  if (process.env.VITEST) vi.setConfig({ expect: { poll: { interval: 50, timeout: UI_WAIT_MS.step } } });
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

/** How far the page scrolls sideways (0 or less: it fits the window's width). */
export const sidewaysOverflow = (p: Page): Promise<number> => p.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

/**
 * At a POS tablet's (1024×768) and a phone's (390×844) size: nothing to scroll sideways, `check` (if
 * any) passes, and a screenshot `${name}-${width}` of each to look at.
 */
export async function fitsTabletAndPhone(page: Page, name: string, check?: (width: number) => Promise<void>): Promise<void> {
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await sidewaysOverflow(page), `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await check?.(width);
    await screenshot(page, `${name}-${width}`);
  }
}

/** The core as the browser tests run it with a devnet: Ethereum only, fast blocks and timers. */
export const DEVNET_UI_CORE = {
  networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } },
  devnetBlockTimeSeconds: 0.2,
  confirmations: { ethereum: 2 },
  expiryMaxSleepMs: 100, // timers re-read the (test-advanced) clock at least this often
  // The payout worker's pass at the devnet's pace (the app's 500 ms is for real chains): a refund
  // needs two passes after its payout is mined, which at 500 ms cost a second for nothing.
  refundPollMs: 100,
} as const satisfies Partial<CoreConfig>;

/**
 * How long the UI tests wait, sized from what has to happen on DEVNET_UI_CORE. Measured on our shared
 * 2-core machine, quiet and at a load of 6: a payment was SUCCEEDED 0.3–0.4 s after it was mined, a
 * refund 0.6 s after it was made, and a UI step (click, request, render) took 0.1–0.4 s. Each bound
 * allows well over ten times that, for a machine that also runs the rest of the suite and other
 * people's work; a test that passes takes no longer for it.
 */
export const UI_WAIT_MS = {
  /**
   * One UI step: a click, or a locator to show up. Playwright's own default (30 s) is above the
   * tests' budgets: a stuck step would end as the test's bare timeout, not as Playwright's message
   * naming what it looked for.
   */
  step: 10_000,
  /** mintAndPay: its two transactions go into the next block, 0.2 s away (receiptTimeoutMs). */
  pay: receiptTimeoutMs(DEVNET_UI_CORE.devnetBlockTimeSeconds),
  /** A payment mined → SUCCEEDED: the next block confirms it (0.2 s), the watcher sees that at its next poll (0.1 s). */
  payment: 10_000,
  /**
   * A refund made → SUCCEEDED on the Refunds screen: the payout is signed and sent at once (the
   * worker is woken), mined in the next block and confirmed by the one after (0.4 s), read at the
   * worker's next pass (0.1 s), and shown at the screen's next refresh (every 3 s).
   */
  refund: 15_000,
};

/**
 * A UI test's own timeout: the sum of its waits (budget), one UI step using its whole bound, and 1 s
 * for each of its other steps (0.1–0.4 s each at a load of 6).
 */
export const uiBudget = (steps: number, waitsMs: readonly number[] = []): number =>
  budget([...waitsMs, UI_WAIT_MS.step], steps * 1_000);

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
  const setup = await t.api('POST', '/v1/ui/setup', { key: null, body: { ...TEST_OWNER, setup_code: await t.setupCode() } });
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
/**
 * Makes the page's browser a device known for the user whose sign-in (or setup) answer this was, as
 * signing in there would: the sign-in screen then shows the staff to pick from.
 */
export async function rememberDevice(page: Page, url: string, setCookie: string | null): Promise<void> {
  const [name, value] = (setCookie ?? '').split(';')[0]!.split('=');
  if (!name || !value) throw new Error(`no known-device cookie in ${setCookie}`);
  await page.context().addCookies([{ name, value, url: `${url}/v1/ui/`, httpOnly: true, sameSite: 'Strict' }]);
}

/** On Settings, switches the sign-in to live mode as the owner does: the button, the PIN, the confirmation. */
export async function switchToLiveMode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Switch to live mode…' }).click();
  const confirm = page.getByRole('form', { name: 'Switch to live mode' });
  await confirm.getByLabel('Your PIN').fill(TEST_OWNER.pin);
  await confirm.getByRole('button', { name: 'Switch to live mode' }).click();
  await page.getByRole('button', { name: 'Switch to test mode' }).waitFor();
}

export async function signIn(page: Page, user: { name: string; pin: string } = TEST_OWNER): Promise<void> {
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('PIN', { exact: true }).fill(user.pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.who').waitFor();
}
