import { type Leadership, type RoleStatus, TIMERS_ROLE, watcherRole } from './leadership.js';
import type { Clock } from './ports.js';

/** A network's watcher as readiness sees it (its family's WatcherStats, read on each check). */
export interface WatchedNetwork {
  network: string;
  livemode: boolean;
  /** How often it polls, ms: a healthy watcher completes a pass about this often. */
  pollMs: number;
  stats: { readonly lastSuccessAt: number | null; readonly lastHead: number | null; readonly lastError: string | null; readonly behind?: number };
}

export type CheckStatus = 'ok' | 'failing' | 'lagging' | 'standby';

export interface ReadinessCheck {
  /** `database`, `timers`, or `watcher` (with `network` and `mode`). */
  name: 'database' | 'timers' | 'watcher';
  network?: string;
  mode?: 'test' | 'live';
  status: CheckStatus;
  /** What the status means here, in words. */
  detail: string;
  /** The instance leading the role now (its holder id); null when none does this moment. Absent for the database. */
  leader?: string | null;
  /** Watchers led here: the last completed pass (ms since the epoch), the chain's head then, the last error. */
  lastSuccessAt?: number | null;
  lastHead?: number | null;
  lastError?: string | null;
  /** Watchers led here whose family counts it: blocks between the last applied and the head (catching up when above 0). */
  blocksBehind?: number;
}

export interface ReadinessReport {
  ready: boolean;
  /** This instance's holder id (host, pid and a random part). */
  instance: string;
  checks: ReadinessCheck[];
}

/**
 * The readiness check (`GET /ready`, docs/deployment.md): the database answers, and every watcher
 * this instance leads completes its passes in time. A role led by another instance is `standby`
 * (with its leader) and never fails this instance's readiness; neither does a role led by no one for
 * a moment (a leader just died: this instance may take it at its next renewal).
 */
export class Readiness {
  constructor(
    private readonly d: {
      leadership: Leadership;
      /** The wall clock, as the watchers stamp their passes (not the core's business clock). */
      clock: Clock;
      /** A watcher is lagging when its last pass is older than this, or than 10 polls if longer. */
      maxPassAgeMs: number;
      /** The watchers of this instance's networks (chain-integration.ts's view: none before its start). */
      watched?: () => readonly WatchedNetwork[];
    },
  ) {}

  async check(): Promise<ReadinessReport> {
    const { leadership } = this.d;
    const checks: ReadinessCheck[] = [];
    let roles: RoleStatus[];
    try {
      // Reads every role's lease: the trivial query that shows the database answers.
      roles = await leadership.status();
      checks.push({ name: 'database', status: 'ok', detail: 'the database answers' });
    } catch (err) {
      checks.push({ name: 'database', status: 'failing', detail: `the database does not answer: ${err instanceof Error ? err.message : String(err)}` });
      roles = leadership.localStatus();
    }
    const byRole = new Map(roles.map((r) => [r.role, r]));
    const timers = byRole.get(TIMERS_ROLE);
    if (timers) checks.push({ name: 'timers', ...this.roleCheck(timers) });
    for (const w of (this.d.watched?.() ?? [])) {
      const role = byRole.get(watcherRole(w.network, w.livemode));
      if (!role) continue;
      checks.push({ name: 'watcher', network: w.network, mode: w.livemode ? 'live' : 'test', ...this.watcherCheck(role, w) });
    }
    return { ready: checks.every((c) => c.status === 'ok' || c.status === 'standby'), instance: leadership.holder, checks };
  }

  private roleCheck(role: RoleStatus): Pick<ReadinessCheck, 'status' | 'detail' | 'leader'> {
    if (role.leading) return { status: 'ok', detail: 'led by this instance', leader: this.d.leadership.holder };
    return { status: 'standby', detail: role.holder === null ? 'led by no instance this moment: taken over at the next renewal' : 'led by another instance', leader: role.holder };
  }

  private watcherCheck(role: RoleStatus, w: WatchedNetwork): Omit<ReadinessCheck, 'name' | 'network' | 'mode'> {
    if (!role.leading) return this.roleCheck(role);
    const { lastSuccessAt, lastHead, lastError } = w.stats;
    const limit = Math.max(this.d.maxPassAgeMs, 10 * w.pollMs);
    // Measured from the later of its last pass and the moment this instance took the lead.
    const since = Math.max(lastSuccessAt ?? 0, role.since ?? 0);
    const age = this.d.clock() - since;
    const behind = w.stats.behind;
    const stats = { leader: this.d.leadership.holder, lastSuccessAt, lastHead, lastError, ...(behind !== undefined && { blocksBehind: behind }) };
    if (age <= limit) return { status: 'ok', detail: lastSuccessAt === null ? 'led by this instance, first pass under way' : 'led by this instance, passes complete in time', ...stats };
    // A pass that has not ended may be a long catch-up rather than a stuck one: say so.
    const catchingUp = behind !== undefined && behind > 0 ? `, catching up (${behind} blocks behind the head)` : '';
    return { status: 'lagging', detail: `no pass has completed for ${Math.round(age / 1000)} s (limit ${Math.round(limit / 1000)} s)${catchingUp}${lastError ? `: ${lastError}` : ''}`, ...stats };
  }
}
