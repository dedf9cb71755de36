/**
 * Messages over the IPC channel between the bench (parent) and a server child. IPC rather than
 * parsing stdout keeps the child's own output free for errors and lets the parent ask for a GC.
 */

/** Child → parent, once it accepts requests. `extra` carries what a client needs (e.g. an API key). */
export interface ReadyMessage {
  type: 'ready';
  url: string;
  extra: Record<string, string>;
}

/** Child → parent, answering `gc`: the heap as V8 sees it after collecting. */
export interface GcDoneMessage {
  type: 'gc-done';
  /** False when the child was started without --expose-gc. */
  collected: boolean;
  memory: NodeJS.MemoryUsage;
}

/** Child → parent, answering `gc-pauses`: the main thread's GC pauses since the previous ask. */
export interface GcPausesMessage {
  type: 'gc-pauses';
  /** Sum of the pauses' durations, ms. */
  totalMs: number;
  count: number;
  /** The longest single pause, ms. */
  maxMs: number;
  /** The longest time the event loop was blocked (any cause, GC included), ms. */
  loopDelayMaxMs: number;
  /** 99th percentile of event-loop delay samples (every ~1 ms), ms. */
  loopDelayP99Ms: number;
}

export type ChildMessage = ReadyMessage | GcDoneMessage | GcPausesMessage;

/**
 * Parent → child: `gc` runs global.gc(); `gc-pauses` reports (and restarts) the GC pause tally;
 * `stop` closes the server and exits 0 (so --cpu-prof is written).
 */
export type ParentMessage = { type: 'gc' } | { type: 'gc-pauses' } | { type: 'stop' };
