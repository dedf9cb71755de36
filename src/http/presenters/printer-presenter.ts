import type { PrinterSetting } from '../../domain/printer.js';
import type { ReceiptPrintStatus } from '../../services/printer/receipt-printing.js';
import { iso } from './session-presenter.js';

export function presentPrinterSettings(setting: PrinterSetting | null) {
  return { object: 'printer_settings' as const, url: setting?.url ?? null, print_on_paid: setting?.printOnPaid ?? false };
}

export function presentReceiptPrint(s: ReceiptPrintStatus) {
  return {
    object: 'receipt_print' as const,
    session_id: s.sessionId,
    livemode: s.livemode,
    status: s.record?.status ?? ('none' as const),
    trigger: s.record?.trigger ?? null,
    attempted_at: s.record ? iso(s.record.at) : null,
    error: s.record?.error ?? null,
    printer_set_up: s.printer !== null,
    print_on_paid: s.printer?.printOnPaid ?? false,
  };
}
