/**
 * A migrated database's schema as the database itself reports it (not as drizzle declares it), in one
 * shape for SQLite and PostgreSQL, so that the two stores can be compared table by table
 * (test/integration/pg-schema.test.ts). Types stay each database's own words; the comparison maps them.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

export interface ColumnShape {
  /** Lower-case declared type: SQLite's (`integer`, `text`), PostgreSQL's `data_type` (`bigint`, …). */
  type: string;
  notNull: boolean;
  /** The default's expression with casts, quotes of identifiers and case smoothed; null when none. */
  default: string | null;
}

export interface IndexShape {
  name: string;
  unique: boolean;
  columns: string[];
  /** A partial index's condition, smoothed (`disabled_at is null`); null for a whole-table index. */
  where: string | null;
}

export interface ForeignKeyShape {
  columns: string[];
  references: string;
  referencedColumns: string[];
  onUpdate: string;
  onDelete: string;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  /** Every index but the primary key's, by name. */
  indexes: IndexShape[];
  foreignKeys: ForeignKeyShape[];
}

export type SchemaShape = Record<string, TableShape>;

/** The two databases spell one expression differently: `'{}'::text` and `'{}'`, `(disabled_at IS NULL)`. */
export function smoothExpression(expression: string): string {
  return expression
    .replace(/::[a-z ]+(\([\d, ]+\))?/gi, '') // PostgreSQL's casts
    .replace(/["`()]/g, '')
    .replace(/\b\w+\.(?=\w)/g, '') // table qualifiers
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const byName = <T extends { name: string }>(items: T[]) => [...items].sort((a, b) => a.name.localeCompare(b.name));
const byColumns = (fks: ForeignKeyShape[]) => [...fks].sort((a, b) => a.columns.join().localeCompare(b.columns.join()));

/** Read through PRAGMA table_info, index_list, index_info and foreign_key_list. */
export function sqliteSchemaShape(sqlite: Database.Database): SchemaShape {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'")
    .pluck()
    .all() as string[];
  const shape: SchemaShape = {};
  for (const table of tables) {
    const info = sqlite.prepare('SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)').all(table) as {
      name: string; type: string; notnull: number; dflt_value: string | null; pk: number;
    }[];
    const indexList = sqlite.prepare('SELECT name, "unique", origin, partial FROM pragma_index_list(?)').all(table) as {
      name: string; unique: number; origin: string; partial: number;
    }[];
    const fkRows = sqlite.prepare('SELECT id, seq, "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq').all(table) as {
      id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string;
    }[];
    const foreignKeys = new Map<number, ForeignKeyShape>();
    for (const fk of fkRows) {
      const entry = foreignKeys.get(fk.id) ?? { columns: [], references: fk.table, referencedColumns: [], onUpdate: fk.on_update, onDelete: fk.on_delete };
      entry.columns.push(fk.from);
      entry.referencedColumns.push(fk.to);
      foreignKeys.set(fk.id, entry);
    }
    shape[table] = {
      columns: Object.fromEntries(
        info.map((c) => [c.name, { type: c.type.toLowerCase(), notNull: c.notnull === 1, default: c.dflt_value === null ? null : smoothExpression(c.dflt_value) }]),
      ),
      primaryKey: info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
      indexes: byName(
        indexList
          .filter((i) => i.origin !== 'pk')
          .map((i) => ({
            name: i.name,
            unique: i.unique === 1,
            columns: (sqlite.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(i.name) as string[]),
            where: i.partial === 1 ? partialCondition(sqlite, i.name) : null,
          })),
      ),
      foreignKeys: byColumns([...foreignKeys.values()]),
    };
  }
  return shape;
}

/** SQLite keeps an index's condition only in its CREATE statement. */
function partialCondition(sqlite: Database.Database, index: string): string {
  const sql = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").pluck().get(index) as string;
  return smoothExpression(sql.slice(sql.search(/\bwhere\b/i) + 'where'.length));
}

const FK_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** Read through information_schema (columns) and pg_catalog (keys, indexes) for the `public` schema. */
export async function postgresSchemaShape(client: pg.Client): Promise<SchemaShape> {
  const tables = (
    await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")
  ).rows.map((r) => r.table_name);
  const columns = (
    await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
      "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public'",
    )
  ).rows;
  // Every index of a public table, primary or not, with its columns in key order and its condition.
  const indexes = (
    await client.query<{ table_name: string; name: string; primary: boolean; unique: boolean; columns: string[]; predicate: string | null }>(`
      SELECT t.relname AS table_name, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique,
             array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
             pg_get_expr(x.indpred, x.indrelid) AS predicate
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace s ON s.oid = t.relnamespace
      WHERE s.nspname = 'public'`)
  ).rows;
  const foreignKeys = (
    await client.query<{ table_name: string; columns: string[]; references: string; referenced_columns: string[]; on_update: string; on_delete: string }>(`
      SELECT t.relname AS table_name, r.relname AS references,
             array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
             array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS referenced_columns,
             c.confupdtype AS on_update, c.confdeltype AS on_delete
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid
      JOIN pg_class r ON r.oid = c.confrelid
      JOIN pg_namespace s ON s.oid = t.relnamespace
      WHERE c.contype = 'f' AND s.nspname = 'public'`)
  ).rows;

  const shape: SchemaShape = {};
  for (const table of tables) {
    const own = indexes.filter((i) => i.table_name === table);
    shape[table] = {
      columns: Object.fromEntries(
        columns
          .filter((c) => c.table_name === table)
          .map((c) => [
            c.column_name,
            { type: c.data_type.toLowerCase(), notNull: c.is_nullable === 'NO', default: c.column_default === null ? null : smoothExpression(c.column_default) },
          ]),
      ),
      primaryKey: own.find((i) => i.primary)?.columns ?? [],
      indexes: byName(
        own
          .filter((i) => !i.primary)
          .map((i) => ({ name: i.name, unique: i.unique, columns: i.columns, where: i.predicate === null ? null : smoothExpression(i.predicate) })),
      ),
      foreignKeys: byColumns(
        foreignKeys
          .filter((f) => f.table_name === table)
          .map((f) => ({
            columns: f.columns,
            references: f.references,
            referencedColumns: f.referenced_columns,
            onUpdate: FK_ACTIONS[f.on_update]!,
            onDelete: FK_ACTIONS[f.on_delete]!,
          })),
      ),
    };
  }
  return shape;
}
