import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after src/db/tables.ts changes; the core applies
// pending migrations on start (src/db/open-database.ts).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/sqlite/sqlite-tables.ts',
  out: './src/db/sqlite/migrations',
});
