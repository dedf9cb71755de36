// V8 flags the core's process starts with, wherever this repository starts it: `npm start` (headless,
// and Electron's main process through --js-flags), and `npm run bench`. The `stablepos` command's
// shebang repeats them (a shebang cannot import); keep the two in step.
//
// --max-semi-space-size=4: V8's young generation defaults to up to 2 × 16 MB per isolate, sized for
// big servers. Creating sessions, the core's busiest path, keeps little alive between collections:
// with 4 MB it measured 20 MB less RSS (189 instead of 209 MB after 100,000 sessions) and slightly
// more throughput (`npm run bench -- memory sessions`). It can only be set at start-up, hence here.
export const CORE_NODE_FLAGS = ['--max-semi-space-size=4'];
