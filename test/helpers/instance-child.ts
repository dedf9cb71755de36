/**
 * One stablepos instance in a process of its own, for tests of several instances on one database:
 * a test can kill it with SIGKILL, as a crashed machine would be, which an in-process core cannot be.
 *
 *   node bin/run-ts.mjs test/helpers/instance-child.ts '<CoreConfig as JSON>'
 *
 * Prints "listening on <url>" once it accepts requests; SIGTERM stops it cleanly (core.stop()).
 */
import type { CoreConfig } from '../../src/config.js';
import { createCore } from '../../src/create-core.js';

const config = JSON.parse(process.argv[2] ?? '{}') as CoreConfig;
const core = createCore({ port: 0, rateLimit: { max: 100_000, windowMs: 1000 }, rateFeed: { source: 'off' }, ...config });
const url = await core.start();
process.stdout.write(`listening on ${url}\n`);
process.once('SIGTERM', () => {
  void core.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`error while stopping: ${(err as Error).stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
});
