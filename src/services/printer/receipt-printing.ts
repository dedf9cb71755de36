import { ApiError } from '../../domain/errors.js';
import type { Caller } from '../../domain/merchant.js';
import type { PrinterAddress, PrinterSetting } from '../../domain/printer.js';
import type { Clock, ReceiptBytes } from '../ports.js';
import type { SessionView } from '../session-view.js';
import { PrinterUnavailableError } from './network-printer.js';
import type { PrintRecord, PrintRecords } from './print-records.js';
import type { PrinterSettings } from './printer-settings.js';

/** A session's receipt as the till sees it: the last print and whether a printer is set up. */
export interface ReceiptPrintStatus {
  sessionId: string;
  livemode: boolean;
  /** The last attempt to print it, or undefined when none was made. */
  record: PrintRecord | undefined;
  printer: PrinterSetting | null;
}

export interface ReceiptPrintingDeps {
  settings: PrinterSettings;
  records: PrintRecords;
  /** Sends bytes to a network printer (network-printer.ts); rejects with PrinterUnavailableError. */
  printer: { print(address: PrinterAddress, bytes: Uint8Array): Promise<void> };
  receiptBytes: ReceiptBytes;
  /** A session the caller may see (resource_missing otherwise). */
  session: (caller: Caller, id: string) => Promise<SessionView>;
  now: Clock;
  /**
   * How long a print can take at most (the printer's timeouts, and a margin): a record still
   * `printing` after it was cut short (the instance sending it stopped) and is shown as failed.
   */
  printTakesAtMostMs: number;
  onError: (message: string, err: unknown) => void;
}

/**
 * Prints a paid session's receipt on the shop's network printer: on request (the till's Print button
 * and its retry, `POST /v1/payment/sessions/{id}/print`) and when a sale is paid (print-on-paid.ts).
 * Every attempt is recorded per session, printed or not and why, so the till can say "Not printed"
 * and offer to retry. Nothing here is ever part of a sale's unit of work: a printer that is off
 * fails its print, never the sale.
 */
export class ReceiptPrinting {
  constructor(private readonly d: ReceiptPrintingDeps) {}

  /** @throws ApiError resource_missing */
  async status(caller: Caller, id: string): Promise<ReceiptPrintStatus> {
    const view = await this.d.session(caller, id);
    return { sessionId: view.session.id, livemode: view.session.livemode, record: this.asItStands(await this.d.records.get(view.session.id)), printer: await this.d.settings.get() };
  }

  /** A `printing` record older than any print can take was cut short: it did not print. */
  private asItStands(record: PrintRecord | undefined): PrintRecord | undefined {
    if (record?.status !== 'printing' || this.d.now() - record.at <= this.d.printTakesAtMostMs) return record;
    return { ...record, status: 'failed', error: 'The print was cut short (the app stopped while sending it): print it again.' };
  }

  /**
   * Prints the receipt now and records the outcome.
   * @throws ApiError resource_missing; invalid_state (not paid, or no printer set up); printer_unavailable (the printer is off or unreachable, or took no job);
   *   the receipt encoder's error when the receipt could not be made (500 internal_error: not the printer's doing)
   */
  async printNow(caller: Caller, id: string): Promise<ReceiptPrintStatus> {
    const view = await this.d.session(caller, id);
    const { session } = view;
    if (session.status !== 'SUCCEEDED') {
      throw new ApiError('invalid_state', `The session is ${session.status}: a receipt is printed once the sale is paid (SUCCEEDED).`);
    }
    const printer = await this.d.settings.get();
    const address = await this.d.settings.address();
    if (!printer || !address) {
      throw new ApiError('invalid_state', 'No receipt printer is set up: the owner sets one in Settings (PUT /v1/settings/printer).');
    }
    const { record, unexpected } = await this.send(session.id, session.livemode, address, 'request');
    if (unexpected !== undefined) throw unexpected;
    if (record.status === 'failed') throw new ApiError('printer_unavailable', `Not printed. ${record.error ?? ''}`.trim());
    return { sessionId: session.id, livemode: session.livemode, record, printer };
  }

  /**
   * The automatic print of a sale just paid; the record saying it is under way was written by the
   * caller (print-on-paid.ts). Never rejects: the outcome is recorded (or, when even that fails,
   * reported: the record then stays `printing`, shown as cut short).
   */
  async printPaid(sessionId: string, livemode: boolean): Promise<void> {
    try {
      const address = await this.d.settings.address();
      if (!address) {
        await this.record(sessionId, { status: 'failed', trigger: 'paid', at: this.d.now(), error: 'Printing was turned off before the receipt was sent.' });
        return;
      }
      const { unexpected } = await this.send(sessionId, livemode, address, 'paid');
      if (unexpected !== undefined) this.d.onError(`the receipt of ${sessionId} could not be made for printing`, unexpected);
    } catch (err) {
      this.d.onError(`the print of ${sessionId}'s receipt could not be recorded`, err);
    }
  }

  /**
   * Sends the receipt and records the outcome. A printer's failure is the record's `error`; anything
   * else (the receipt could not be made) is `unexpected` too, for the caller to report.
   */
  private async send(sessionId: string, livemode: boolean, address: PrinterAddress, trigger: PrintRecord['trigger']): Promise<{ record: PrintRecord; unexpected?: unknown }> {
    const at = this.d.now();
    await this.record(sessionId, { status: 'printing', trigger, at, error: null });
    let error: string | null = null;
    let unexpected: unknown;
    try {
      await this.d.printer.print(address, await this.d.receiptBytes(sessionId, livemode));
    } catch (err) {
      if (err instanceof PrinterUnavailableError) error = err.message;
      else {
        unexpected = err;
        error = 'The receipt could not be made for printing.';
      }
    }
    const record = await this.record(sessionId, { status: error === null ? 'printed' : 'failed', trigger, at, error });
    return unexpected === undefined ? { record } : { record, unexpected };
  }

  private async record(sessionId: string, record: PrintRecord): Promise<PrintRecord> {
    await this.d.records.put(sessionId, record);
    return record;
  }
}
