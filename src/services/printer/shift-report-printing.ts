import { ApiError } from '../../domain/errors.js';
import type { Caller } from '../../domain/merchant.js';
import type { PrinterAddress } from '../../domain/printer.js';
import { type Shift, shiftStatus } from '../../domain/shift.js';
import { escposShiftReport } from '../../receipt/escpos-shift-report.js';
import type { MerchantService } from '../merchant-service.js';
import type { Clock, UserStore } from '../ports.js';
import { PrinterUnavailableError } from './network-printer.js';
import type { PrinterSettings } from './printer-settings.js';

/** A shift's report just printed. */
export interface ShiftReportPrinted {
  shiftId: string;
  livemode: boolean;
  printedAt: number;
}

export interface ShiftReportPrintingDeps {
  settings: Pick<PrinterSettings, 'address'>;
  /** Sends bytes to a network printer (network-printer.ts); rejects with PrinterUnavailableError. */
  printer: { print(address: PrinterAddress, bytes: Uint8Array, job?: string): Promise<void> };
  /** The shift as the caller may read it, an open one with its report so far (ShiftService.get: the same rights). */
  shift: (caller: Caller, id: string) => Promise<Shift>;
  merchants: Pick<MerchantService, 'get'>;
  users: Pick<UserStore, 'findActiveById'>;
  networkName: (id: string) => string;
  now: Clock;
}

/**
 * Prints a shift's report on the shop's network printer (`POST /v1/shifts/{id}/print`, the till's
 * "Print report"). **Decision:** unlike a sale's receipt nothing is recorded: a report is printed
 * only on request, as often as asked, and the answer (printed, or 503 with why) is the whole outcome
 * the till shows; a sale's print records (print-records.ts) stay the sales' own.
 */
export class ShiftReportPrinting {
  constructor(private readonly d: ShiftReportPrintingDeps) {}

  /**
   * @throws ApiError resource_missing | role_forbidden (a cashier, another's shift) | invalid_state (no printer set up) |
   *   printer_unavailable (the printer is off, unreachable, or did not take the report in time)
   */
  async printNow(caller: Caller, id: string): Promise<ShiftReportPrinted> {
    const shift = await this.d.shift(caller, id);
    const address = await this.d.settings.address();
    if (!address) throw new ApiError('invalid_state', 'No receipt printer is set up: the owner sets one in Settings (PUT /v1/settings/printer).');
    if (!shift.report) throw new ApiError('invalid_state', `The shift ${id} has no report to print.`);
    const merchant = await this.d.merchants.get(shift.merchantId);
    const printedAt = this.d.now();
    const bytes = escposShiftReport(
      {
        shopName: merchant.name,
        timeZone: merchant.timeZone,
        till: shift.till,
        livemode: shift.livemode,
        status: shiftStatus(shift),
        openedBy: await this.nameOf(shift.merchantId, shift.openedBy),
        openedAt: shift.openedAt,
        closedBy: shift.closedBy === null ? null : await this.nameOf(shift.merchantId, shift.closedBy),
        closedAt: shift.closedAt,
        printedAt,
        report: shift.report,
      },
      { networkName: this.d.networkName },
    );
    try {
      await this.d.printer.print(address, bytes, 'the report');
    } catch (err) {
      if (err instanceof PrinterUnavailableError) throw new ApiError('printer_unavailable', `Not printed. ${err.message}`);
      throw err;
    }
    return { shiftId: shift.id, livemode: shift.livemode, printedAt };
  }

  /** A staff member's name (`ui:<user id>`); an API key, or a user since removed, by the id. */
  private async nameOf(merchantId: string, actor: string): Promise<string> {
    if (!actor.startsWith('ui:')) return actor;
    return (await this.d.users.findActiveById(merchantId, actor.slice(3)))?.name ?? actor;
  }
}
