import type { CpuProfile } from '../cpu-categories.js';

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

/** Child → parent, answering `profile-start`: its main thread is being sampled. */
export interface ProfileStartedMessage {
  type: 'profile-started';
  /** Why the profiler could not start, if it could not. */
  error?: string;
}

/** Child → parent, answering `profile-stop`: the main thread's CPU profile since `profile-start`. */
export interface ProfileMessage {
  type: 'profile';
  /** V8's Profiler.stop result (what a .cpuprofile file holds); bench/cpu-categories.ts reads it. */
  profile?: CpuProfile;
  /** Why there is no profile, if there is none. */
  error?: string;
}

export type ChildMessage = ReadyMessage | GcDoneMessage | GcPausesMessage | ProfileStartedMessage | ProfileMessage;

/**
 * Parent → child: `gc` runs global.gc(); `gc-pauses` reports (and restarts) the GC pause tally;
 * `profile-start` starts sampling the main thread (node:inspector, every `intervalUs`) and
 * `profile-stop` stops it and answers with the profile; `stop` closes the server and exits 0 (so
 * --cpu-prof is written).
 */
export type ParentMessage =
  | { type: 'gc' }
  | { type: 'gc-pauses' }
  | { type: 'profile-start'; intervalUs: number }
  | { type: 'profile-stop' }
  | { type: 'stop' };
