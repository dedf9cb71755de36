import type { Static } from '@sinclair/typebox';
import { type Shift, shiftStatus } from '../../domain/shift.js';
import type { ShiftReportPrinted } from '../../services/printer/shift-report-printing.js';
import type { ShiftOut, ShiftReportPrintOut } from '../schemas/shift.js';
import { iso } from './session-presenter.js';

/** A shift as the API and its events show it; the report is kept in its wire form (domain/shift-report.ts). */
export function presentShift(s: Shift): Static<typeof ShiftOut> {
  return {
    id: s.id,
    object: 'shift',
    status: shiftStatus(s),
    till: s.till,
    livemode: s.livemode,
    opened_by: s.openedBy,
    opened_at: iso(s.openedAt),
    closed_by: s.closedBy,
    closed_at: s.closedAt === null ? null : iso(s.closedAt),
    reconciled_at: s.reconciledAt === null ? null : iso(s.reconciledAt),
    report: s.report,
  };
}

/** A shift's report just printed (`POST /v1/shifts/{id}/print`). */
export function presentShiftReportPrint(p: ShiftReportPrinted): Static<typeof ShiftReportPrintOut> {
  return { object: 'shift_report_print', shift_id: p.shiftId, livemode: p.livemode, status: 'printed', printed_at: iso(p.printedAt) };
}
