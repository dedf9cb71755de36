// V8 flags the core's process starts with, wherever this repository starts it: `npm start` (headless,
// and Electron's main process through --js-flags), and `npm run bench`. The `stablepos` command's
// shebang repeats them (a shebang cannot import); keep the two in step.
//
// --max-semi-space-size=8: V8's young generation defaults to up to 2 × 16 MB per isolate, sized for
// big servers. Creating sessions, the core's busiest path, keeps little alive between collections, so
// a smaller one costs little memory, and a too small one CPU: measured in one sitting with
// `npm run bench -- sessions memory` (issue 28), 4 MB gave 0.356 of the baseline's throughput and
// 176 MB of RSS after 100,000 sessions, 8 MB 0.377 and 179 MB, 16 MB 0.404 and 196 MB (too close to the
// 200 MB budget). It can only be set at start-up, hence here.
export const CORE_NODE_FLAGS = ['--max-semi-space-size=8'];
