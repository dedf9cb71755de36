import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file gets its own process: native SQLite handles and servers never leak between files.
    pool: 'forks',
    // Every response a test receives from the app is checked against the app's OpenAPI document.
    setupFiles: ['test/helpers/check-every-response.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
