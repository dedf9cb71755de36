import { defineConfig } from 'drizzle-kit';

// The PostgreSQL store's migrations (`npm run db:generate:pg`, or both stores with `npm run
// db:generate`), generated from the one schema (src/db/tables.ts) as pg/pg-tables.ts builds it (docs/development.md).
// Generating needs no database; `npx drizzle-kit migrate --config drizzle.pg.config.ts` applies them
// to the one STABLEPOS_DATABASE_URL names (by hand: the core does not run on PostgreSQL yet).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg/pg-tables.ts',
  out: './src/db/pg/migrations',
  dbCredentials: { url: process.env.STABLEPOS_DATABASE_URL ?? '' },
});
