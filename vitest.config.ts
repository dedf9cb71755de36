import { defineConfig } from 'vitest/config';

/**
 * Files that run a second time with the core on PostgreSQL (`STABLEPOS_TEST_STORE=postgres`: each
 * test core gets a fresh database in the file's own cluster, test/helpers/test-core.ts), so the API
 * and the watchers behave the same on both stores end to end. Store-level behaviour is covered for
 * both in test/stores/ already; files that read the SQLite file itself are not listed.
 */
const ON_POSTGRES = [
  'test/integration/sessions.test.ts',
  'test/integration/pagination.test.ts',
  'test/integration/webhooks.test.ts',
  'test/integration/webhooks-restart.test.ts',
  'test/integration/webhooks-local-answers.test.ts',
  'test/integration/roles.test.ts',
  'test/integration/authorization-matrix.test.ts',
  'test/integration/deposits.test.ts',
  'test/integration/deposit-resolution.test.ts',
  'test/integration/reread-recorder.test.ts',
  'test/integration/scan-reads.test.ts',
  'test/integration/units-run-again.test.ts',
  'test/integration/pin-change.test.ts',
  'test/integration/ui-auth.test.ts',
  'test/integration/fuzz.test.ts',
  'test/integration/settings.test.ts',
  'test/integration/network-switch.test.ts',
  'test/integration/checkout-page.test.ts',
  'test/integration/customer-display.test.ts',
  'test/integration/receipts.test.ts',
  'test/integration/typed-client.test.ts',
  'test/integration/csv-export.test.ts',
  'test/integration/shutdown.test.ts',
  'test/integration/session-creation-budget.test.ts',
  'test/integration/printing.test.ts',
  'test/integration/tips.test.ts',
  'test/integration/shifts.test.ts',
  'test/integration/shift-printing.test.ts',
  'test/integration/daily-report.test.ts',
  'test/integration/networks-are-data.test.ts',
  'test/chain/evm-shifts.test.ts',
  'test/chain/evm-tips.test.ts',
  'test/chain/evm-payments.test.ts',
  'test/chain/evm-same-address.test.ts',
  'test/chain/evm-reorg.test.ts',
  'test/chain/evm-late.test.ts',
  'test/chain/evm-deposit-resolution.test.ts',
  'test/chain/tron-payments.test.ts',
  'test/chain/solana-payments.test.ts',
  'test/chain/printing.test.ts',
];

export default defineConfig({
  test: {
    // Each file gets its own process: native SQLite handles and servers never leak between files.
    pool: 'forks',
    // Every response a test receives from the app is checked against the app's OpenAPI document.
    setupFiles: ['test/helpers/check-every-response.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'] } },
      { extends: true, test: { name: 'postgres', include: ON_POSTGRES, env: { STABLEPOS_TEST_STORE: 'postgres' } } },
    ],
  },
});
