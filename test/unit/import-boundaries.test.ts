/**
 * The import rules of docs/architecture.md ("What may import what", "Chain families") as eslint.config.js
 * enforces them: each case lints one import line as if written in the named file, through the
 * project's own ESLint configuration, and must be refused or let through as stated.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Most files named below do not exist: linted without type information (the typed promise rules need a
// file of the project), which the import rules never use.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off' },
  },
});

/** The no-restricted-imports messages for `specifier` imported from `file`. */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath: `${ROOT}/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: [file: string, specifier: string, allowed: boolean][] = [
  // Outside src/chains: the registry and the contract only.
  ['src/create-core.ts', './chains/registry.js', true],
  ['src/create-core.ts', './chains/family.js', true],
  ['src/create-core.ts', './chains/evm/index.js', false],
  ['src/cli.ts', './chains/evm/devnet/devnet.js', false],
  ['src/http/routes/networks.ts', '../../chains/registry.js', true],
  ['src/http/routes/networks.ts', '../../chains/evm/networks.js', false],
  ['src/http/checkout/page.ts', '../../chains/anvil/anvil-binary.js', false],
  ['src/services/refund-payouts.ts', '../chains/registry.js', false], // services get chains as ports
  // Storage: only the composition root opens a store; services get its ports, routes call services.
  ['src/core-services.ts', './storage/open-stores.js', true],
  ['src/storage/pg-stores.ts', '../db/pg/pg-database.js', true],
  ['src/services/session-service.ts', '../storage/stores.js', false],
  ['src/http/routes/sessions.ts', '../../storage/open-stores.js', false],
  ['src/db/pg/pg-tables.ts', '../../storage/stores.js', false],
  // Families never import each other, nor the registry; a family not written yet is covered too.
  ['src/chains/evm/watcher.ts', '../family.js', true],
  ['src/chains/evm/watcher.ts', '../solana/index.js', false],
  ['src/chains/evm/watcher.ts', '../registry.js', false],
  ['src/chains/evm/devnet/devnet.ts', '../../tron/devnet/index.js', false],
  ['src/chains/evm/watcher.ts', '../../domain/currencies.js', true],
  ['src/chains/tron/watcher.ts', '../evm/watcher.js', false],
  // The shared Transfer-log watcher serves EVM and TRON; it imports no family, and no devnet tooling.
  ['src/chains/tron/index.ts', '../transfer-logs/transfer-log-watcher.js', true],
  ['src/chains/evm/index.ts', '../transfer-logs/transfer-log-watcher.js', true],
  ['src/chains/transfer-logs/transfer-log-watcher.ts', '../tron/address-format.js', false],
  ['src/chains/transfer-logs/transfer-log-watcher.ts', '../anvil/anvil-process.js', false],
  ['src/chains/transfer-logs/transfer-log-watcher.ts', '../family.js', true],
  // Production chain code never imports devnet tooling; index.ts opens it through devnet/index.ts.
  ['src/chains/evm/refund-payout.ts', './devnet/devnet.js', false],
  ['src/chains/evm/refund-payout.ts', '../anvil/test-token-artifact.js', false],
  ['src/chains/evm/index.ts', './devnet/index.js', true],
  ['src/chains/evm/index.ts', './devnet/fund.js', false],
  ['src/chains/evm/devnet/fund.ts', '../../anvil/test-token-artifact.js', true],
  ['src/chains/evm/devnet/fund.ts', '../refund-payout.js', true],
  // The registry names families through their index.ts; the shared anvil tooling imports no family.
  ['src/chains/registry.ts', './evm/index.js', true],
  ['src/chains/registry.ts', './evm/watcher.js', false],
  ['src/chains/anvil/devnet-lock.ts', '../evm/index.js', false],
];

test.each(cases)('%s importing %s: allowed %s', async (file, specifier, allowed) => {
  const found = await refusals(file, specifier);
  if (allowed) expect(found).toEqual([]);
  else expect(found.length, `${file} may not import ${specifier}`).toBeGreaterThan(0);
}, 30_000);
