import type { SqliteGate } from './sqlite-gate.js';

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
