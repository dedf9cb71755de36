import type { Receipt } from '../domain/receipt.js';
import { CODE_PAGE_WPC1252, EscPos } from './escpos-commands.js';
import { coinText, moneyText, rateText, REFUND_STATUS_TEXT } from './receipt-text.js';

export interface EscPosReceiptOptions {
  /**
   * Characters per line in the normal font: 48 on 80 mm paper (Font A, 576 dots), 42 on printers
   * whose 80 mm head prints 512 dots, 32 on 58 mm paper.
   */
  columns?: 48 | 42 | 32;
  /** The public receipt page's URL, printed as a QR the customer scans; omitted: no QR. */
  receiptUrl?: string;
}

/** Words wrapped to `width` columns; a word longer than a line (a transaction id) is cut across lines. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let w = word;
    if (w.length > width && current) {
      // A long word starts on the current line's remainder: "Tx 0x…" keeps its label.
      const room = width - current.length - 1;
      if (room > 0) {
        lines.push(`${current} ${w.slice(0, room)}`);
        w = w.slice(room);
      } else lines.push(current);
      current = '';
    }
    while (w.length > width) {
      lines.push(w.slice(0, width));
      w = w.slice(width);
    }
    if (!current) current = w;
    else if (current.length + 1 + w.length <= width) current += ` ${w}`;
    else {
      lines.push(current);
      current = w;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

/** A label on the left and an amount on the right of one line; a label too long wraps above the amount. */
export function twoColumns(label: string, amount: string, width: number): string[] {
  const room = width - amount.length - 1;
  const labelLines = wrap(label, Math.max(1, room));
  const last = labelLines.pop() as string;
  return [...labelLines, `${last}${' '.repeat(Math.max(1, width - last.length - amount.length))}${amount}`];
}

/**
 * The receipt as ESC/POS bytes for an 80 mm thermal printer: the shop's name large, the date and
 * time in the shop's zone, the lines or the amount, the tip and total, each payment (coin, network,
 * rate, transaction id), refunds, the session id and a QR of the public receipt page, then a feed
 * and a partial cut. The text is the same as the JSON and the pages: only the drawing differs.
 */
export function escposReceipt(receipt: Receipt, options: EscPosReceiptOptions = {}): Uint8Array {
  const width = options.columns ?? 48;
  const p = new EscPos().init().codePage(CODE_PAGE_WPC1252);
  const rule = '-'.repeat(width);
  const text = (lines: string[]) => {
    for (const l of lines) p.line(l);
  };

  p.align('center').bold(true).size(2, 2);
  text(wrap(receipt.shop.name, Math.floor(width / 2)));
  p.size(1, 1).bold(false);
  if (receipt.shop.domain) text(wrap(receipt.shop.domain, width));
  text(wrap(`${receipt.localTime} (${receipt.timeZone})`, width));
  if (!receipt.livemode) p.bold(true).line('TEST MODE - NO REAL MONEY').bold(false);

  p.align('left').line(rule);
  if (receipt.description) text(wrap(receipt.description, width));
  for (const l of receipt.lines) {
    text(twoColumns(`${l.quantity} x ${l.name}`, moneyText(l.amountMinor, receipt.currency), width));
    if (l.quantity > 1) p.line(`    @ ${moneyText(l.unitAmountMinor, receipt.currency)}`);
  }
  if (receipt.lines.length || receipt.tipMinor > 0n) text(twoColumns('Subtotal', moneyText(receipt.amountMinor, receipt.currency), width));
  // No tip line when there was none: "Tip 0.00" would read as a tip refused.
  if (receipt.tipMinor > 0n) text(twoColumns('Tip', moneyText(receipt.tipMinor, receipt.currency), width));
  p.bold(true);
  text(twoColumns('TOTAL', moneyText(receipt.totalMinor, receipt.currency), width));
  p.bold(false).line(rule);

  p.line('PAID');
  for (const pay of receipt.payments) {
    text(twoColumns(pay.networkName, coinText(pay.amountMinor, pay.coin), width));
    if (pay.rate !== null) text(wrap(`Rate ${rateText(pay.rate, receipt.currency, pay.coin)}`, width));
    text(wrap(`Tx ${pay.txId}`, width));
  }
  if (receipt.refunds.length) {
    p.line(rule).line('REFUNDS');
    for (const r of receipt.refunds) {
      text(twoColumns(`${r.networkName}, ${REFUND_STATUS_TEXT[r.status]}`, `-${coinText(r.amountMinor, r.coin)}`, width));
      if (r.txId !== null) text(wrap(`Tx ${r.txId}`, width));
    }
  }
  p.line(rule).align('center');
  if (options.receiptUrl) {
    p.line('Your receipt online:').qr(options.receiptUrl, { moduleSize: 6, level: 'M' });
  }
  text(wrap(receipt.sessionId, width));
  p.line('Thank you!').feed(3).partialCut();
  return p.toBytes();
}
