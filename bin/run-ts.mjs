#!/usr/bin/env node
// Runs a TypeScript entry point (benchmarks, scripts) through tsx's loader: `node bin/run-ts.mjs file.ts …`.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bin/run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}
process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(resolve(entry)).href);
