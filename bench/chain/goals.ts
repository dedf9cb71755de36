// The chain targets of issue 3, beside bench/goals.ts's (kept apart so the sections own them).

/** Detection latency p50, from the block being mined to the payment on the session's stream, with 1 s blocks, ms. */
export const MAX_DETECTION_P50_MS = 250;
/** Watcher RPC calls per block with 10,000 open sessions over those with 10. */
export const MAX_RPC_PER_BLOCK_RATIO = 1.1;
