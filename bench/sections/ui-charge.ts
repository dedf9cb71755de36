import { atMost, MAX_CHARGE_TO_QR_P95_MS } from '../goals.js';
import { BenchFailure, type Section, type SectionReport } from '../section.js';
import { startServer } from '../server-child.js';
import { describeRuntime } from '../settings.js';

/** Charges measured (BENCH_UI_CHARGES), after a few unmeasured ones. */
const CHARGES = Number(process.env.BENCH_UI_CHARGES || 50);
const WARMUP = 5;

/**
 * Run in the page (as text: it is browser code, and the bench's own compiler must not rewrite it):
 * clicks Charge and resolves with the ms until the sale's QR code is in the page and painted: the
 * wallet QR (the till shows the payment link's only where a phone can reach it, never on loopback).
 */
const CHARGE_AND_TIME = `new Promise((resolve, reject) => {
  const selector = 'svg[role="img"][aria-label^="QR code:"]';
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Charge');
  if (!button) return reject(new Error('no Charge button'));
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - t0));
  });
  observer.observe(document.body, { childList: true, subtree: true });
  button.click();
})`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The cashier's wait: from the click on "Charge" to the payment link's QR code painted on screen
 * (session created over the API, the live feed opened, the QR and the wallet QRs drawn), timed inside
 * the page (performance.now, a MutationObserver, then the next animation frame), in Debian's
 * Chromium against the core in its own process with the test-mode devnets (2 networks × 2 coins).
 */
export const uiChargeSection: Section = {
  name: 'ui-charge',
  summary: 'cashier screen: click on Charge → payment QR painted (p50, p95), in Chromium',
  async run({ settings, log }): Promise<SectionReport> {
    // Loaded only when this section runs: the browser helpers bring the tests' response checker, which
    // registers vitest hooks when imported and fails outside vitest, so a static import would stop
    // every other section from running.
    const { ensureRendererBuilt, launchBrowser, openPage, signIn, TEST_OWNER } = await import('../../test/helpers/browser.js');
    const rendererDir = ensureRendererBuilt();
    const server = await startServer('core', { cpuProfDir: settings.cpuProfDir, runtime: settings.runtime, args: ['devnet', rendererDir] });
    const browser = await launchBrowser();
    try {
      const { page, errors } = await openPage(browser);
      const setup = await fetch(`${server.url}/v1/ui/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(TEST_OWNER) });
      if (!setup.ok) throw new BenchFailure(`creating the owner: ${setup.status} ${await setup.text()}`);
      await page.goto(`${server.url}/#/cashier`);
      await signIn(page);
      await page.getByRole('button', { name: 'Charge' }).waitFor();
      log(`ui-charge: ${WARMUP} warm-up and ${CHARGES} measured charges…`);
      const times: number[] = [];
      for (let i = 0; i < WARMUP + CHARGES; i++) {
        await page.getByLabel('Amount').fill(`${12 + (i % 50)}.50`);
        await page.getByRole('button', { name: 'Charge' }).waitFor();
        const ms = (await page.evaluate(CHARGE_AND_TIME)) as number;
        if (i >= WARMUP) times.push(ms);
        await page.getByRole('button', { name: 'New sale' }).click();
      }
      times.sort((a, b) => a - b);
      const p95 = round(percentile(times, 95));
      const report: SectionReport = {
        figures: [
          { key: 'charges', label: 'charges measured', value: times.length },
          { key: 'p50_ms', label: 'Charge → QR painted, p50', value: round(percentile(times, 50)), unit: 'ms' },
          { key: 'p95_ms', label: 'Charge → QR painted, p95', value: p95, unit: 'ms', goal: atMost(p95, MAX_CHARGE_TO_QR_P95_MS, 'ms') },
          { key: 'max_ms', label: 'Charge → QR painted, max', value: round(times[times.length - 1] as number), unit: 'ms' },
        ],
        notes: [
          'timed in the page: performance.now() at the click, a MutationObserver for the QR, then the next animation frame',
          'core with the test-mode devnets (every network\'s options; the till draws one wallet QR at a time, the payment link\'s QR not on loopback); Chromium from Debian, headless',
          describeRuntime(settings.runtime),
        ],
      };
      if (errors.length) throw new BenchFailure(`console errors in the page: ${errors.join('; ')}`, report);
      return report;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
