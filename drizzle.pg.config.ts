import { defineConfig } from 'drizzle-kit';

// The PostgreSQL store's migrations (`npm run db:generate:pg`, or both stores with `npm run
// db:generate`), generated from src/db/pg/schema.ts, the SQLite schema's twin (docs/development.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg/schema.ts',
  out: './src/db/pg/migrations',
});
