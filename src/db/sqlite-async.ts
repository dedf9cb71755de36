import type { SqliteGate } from './sqlite-gate.js';

/** A synchronous repository's methods as the asynchronous port's: same arguments, a promise of the result. */
export type AsyncPort<T> = {
  [K in keyof T as T[K] extends (...args: never[]) => unknown ? K : never]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<R>
    : never;
};

/**
 * Wraps a synchronous SQLite repository into its asynchronous store port: each public method calls
 * the repository's through the gate (so it runs in its transaction's turn) and returns a promise.
 * The repositories stay synchronous inside, which is better-sqlite3's speed; only the port is async.
 * Built once per repository (no Proxy on the hot path): one closure per method of its class.
 */
export function asyncStore<T extends object>(repo: T, gate: SqliteGate): AsyncPort<T> {
  const port: Record<string, unknown> = {};
  for (let proto = Object.getPrototypeOf(repo) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name in port) continue;
      const method = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown; // accessors are not store calls
      if (typeof method !== 'function') continue;
      port[name] = (...args: unknown[]) => gate.call(() => (method as (...a: unknown[]) => unknown).apply(repo, args));
    }
  }
  return port as AsyncPort<T>;
}

/** An asynchronous repository's methods, each run in its turn on the connection (SqliteGate.run). */
export function gatedStore<T extends object>(repo: T, gate: SqliteGate): T {
  const port: Record<string, unknown> = {};
  for (let proto = Object.getPrototypeOf(repo) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name in port) continue;
      const method = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown;
      if (typeof method !== 'function') continue;
      port[name] = (...args: unknown[]) => gate.run(() => (method as (...a: unknown[]) => Promise<unknown>).apply(repo, args));
    }
  }
  return port as T;
}

/**
 * Reads page after page as one async iterable: each page is one store call, so other flows' calls
 * run between two pages (a statement kept open across awaits would hold the one connection).
 */
export async function* paged<T, C>(page: (cursor: C | undefined) => Promise<{ items: T[]; next: C | undefined }>): AsyncGenerator<T> {
  let cursor: C | undefined;
  do {
    const result = await page(cursor);
    yield* result.items;
    cursor = result.next;
  } while (cursor !== undefined);
}
