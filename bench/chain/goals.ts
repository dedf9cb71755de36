// The chain targets of issues 3 (ethereum) and 14 (TRON), beside bench/goals.ts's (kept apart so the sections own them).

/** Detection latency p50, from the block being made to the payment on the session's stream (ethereum's 1 s blocks, TRON's 3 s), ms. */
export const MAX_DETECTION_P50_MS = 250;
/** Watcher RPC calls per block with 10,000 open sessions over those with 10, on each network. */
export const MAX_RPC_PER_BLOCK_RATIO = 1.1;
