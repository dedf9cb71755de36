import type { BenchSettings } from './settings.js';

/** A target a figure is held against. Goals are reported (PASS/FAIL), never turned into an exit code. */
export interface GoalCheck {
  /** As printed, e.g. "≥ 0.6" or "≤ 15 ms". */
  target: string;
  pass: boolean;
}

/** One measured value: a row of the table and one leaf of the BENCH_JSON line. */
export interface Figure {
  /** Dotted path in the section's JSON, e.g. `core.p99_ms`. */
  key: string;
  label: string;
  value: number | string | boolean;
  unit?: string;
  goal?: GoalCheck;
}

/** A column of a side-by-side table: the figures whose key starts with `key` and a dot. */
export interface ReportColumn {
  key: string;
  heading: string;
}

export interface SectionReport {
  figures: Figure[];
  /** Conditions the figures hold under (rate limit raised, runtime), printed under the table. */
  notes: string[];
  /**
   * Lays the figures out side by side, one value column each (the chain sections: one per network),
   * rows matched by the rest of the key; the JSON keeps the full keys.
   */
  columns?: readonly ReportColumn[];
}

export interface BenchContext {
  settings: BenchSettings;
  /** Progress for the person watching; goes to stderr so stdout stays the report. */
  log(line: string): void;
}

/**
 * A named part of the bench, run by `npm run bench -- <name…>`. New measurements (chain detection
 * latency, webhook throughput) are added as further sections in index.ts.
 */
export interface Section {
  name: string;
  summary: string;
  run(context: BenchContext): Promise<SectionReport>;
}

/**
 * The section ran but its figures cannot be trusted (a request failed). The bench exits 1; what was
 * measured up to then is still printed.
 */
export class BenchFailure extends Error {
  constructor(
    message: string,
    readonly partial?: SectionReport,
  ) {
    super(message);
  }
}
