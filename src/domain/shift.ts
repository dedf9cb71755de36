import type { ShiftReport } from './shift-report.js';

/** A till's id as the till screen makes it (renderer/src/till-id.ts): what a shift is opened on. */
export const TILL_ID = /^[a-z0-9-]{1,32}$/;

/**
 * A till's shift (docs/shifts.md): opened by a staff member, closed with the report frozen, and
 * reconciled once the payments still unconfirmed at close have settled.
 */
export interface Shift {
  readonly id: string;
  readonly merchantId: string;
  readonly livemode: boolean;
  readonly till: string;
  /** `ui:<user id>` for a signed-in staff member, else the API key's id. */
  readonly openedBy: string;
  readonly openedAt: number;
  readonly closedAt: number | null;
  readonly closedBy: string | null;
  /** Set at close; updated as unconfirmed payments settle, until `reconciledAt`. */
  readonly report: ShiftReport | null;
  readonly reconciledAt: number | null;
}

export type ShiftStatus = 'open' | 'closed' | 'reconciled';

export function shiftStatus(shift: Pick<Shift, 'closedAt' | 'reconciledAt'>): ShiftStatus {
  if (shift.closedAt === null) return 'open';
  return shift.reconciledAt === null ? 'closed' : 'reconciled';
}

/** Who a caller is, as shifts and sessions record it: `ui:<user id>`, or the API key's id. */
export function actorOf(caller: { via: string; userId?: string }): string {
  return caller.userId !== undefined ? `ui:${caller.userId}` : caller.via;
}

/** A page request over one merchant's shifts in one mode (newest first). */
export interface ShiftListQuery {
  merchantId: string;
  livemode: boolean;
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
  till?: string;
  /** Shifts opened in [openedGte, openedLt). */
  openedGte?: number;
  openedLt?: number;
  /** Only the shifts this actor opened (a cashier's own). */
  openedBy?: string;
}
