#!/usr/bin/env node
// The `stablepos` command. The core is TypeScript run through tsx's loader, so a fresh clone works
// after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
