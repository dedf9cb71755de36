import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file gets its own process: native SQLite handles and servers never leak between files.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
