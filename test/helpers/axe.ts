/**
 * axe-core run inside a page of the browser tests: WCAG 2.0/2.1 A and AA and axe's best practices.
 * The page must have been opened with `openPage(browser, { bypassCSP: true })`: the app's CSP
 * (`script-src 'self'`) refuses the injected script otherwise.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './browser.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule set of the scan (docs/ui.md, "Accessibility"). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** The impacts the scan fails on; moderate and minor ones are kept in test-artifacts/axe-*.json. */
const FAILING = new Set(['serious', 'critical']);
/**
 * Moderate rules the app was brought to pass, kept passing: all content inside landmarks, and a
 * level-one heading on each page (docs/ui.md, "Accessibility").
 */
const KEPT_FIXED = new Set(['region', 'page-has-heading-one']);

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}
interface AxeResults {
  violations: Finding[];
  /** What axe could not decide by itself (e.g. the contrast of a glyph such as ⌫): for a person to check. */
  incomplete: Finding[];
}

/**
 * Scans the page as it is on screen and returns its serious and critical violations (and those of
 * KEPT_FIXED), one line each ("where: id (impact) help: selector; selector"), so a failing test
 * names what to fix. Every violation of any impact, and what axe left for a person to check, is
 * written to test-artifacts/axe-<where>.json.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate<AxeResults, readonly string[]>(async (tags) => {
    // Runs in the page (the tests are compiled without the DOM's types).
    const page = globalThis as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResults> }; document: unknown };
    const result = await page.axe.run(page.document, { runOnly: { type: 'tag', values: tags } });
    const brief = (list: Finding[]) =>
      list.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
    return { violations: brief(result.violations), incomplete: brief(result.incomplete) };
  }, AXE_TAGS);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  writeFileSync(join(ARTIFACTS_DIR, `axe-${where}.json`), JSON.stringify(results, null, 2));
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? '') || KEPT_FIXED.has(v.id))
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}
