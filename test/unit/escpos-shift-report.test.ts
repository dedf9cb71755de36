/**
 * A shift's report drawn for the receipt printer (src/receipt/escpos-shift-report.ts), decoded with
 * the test decoder (which refuses any command it does not know): the shop, till, who and when in the
 * shop's time zone, sales by state, per coin × network and the reporting-currency totals, per staff
 * member, charged against arrived with each kind of difference, reconciled or not; lines fit the
 * paper at 48 and 42 columns; text in Windows-1252; a partial cut at the end.
 */
import { describe, expect, test } from 'vitest';
import type { ShiftReport } from '../../src/domain/shift-report.js';
import { escposShiftReport, type ShiftReportPrint } from '../../src/receipt/escpos-shift-report.js';
import { decodeEscPos } from '../helpers/escpos-decoder.js';

const money = (gross: string, tips: string, refunds: string, fees: string, net: string) => ({ gross, tips, refunds, fees, net });

const report: ShiftReport = {
  object: 'shift_report',
  generated_at: '2026-03-14T18:00:00.000Z',
  reporting_currency: 'EUR',
  sales: { count: 7, by_status: { PENDING: 0, PROCESSING: 1, SUCCEEDED: 4, EXPIRED: 1, CANCELED: 1 }, by_exception: { UNDERPAID: 1, OVERPAID: 1, PAID_LATE: 0 } },
  by_coin_network: [
    { currency: 'USDC', network: 'polygon', sales: 1, ...money('3.000000', '0.000000', '0.000000', '0.010000', '2.990000') },
    { currency: 'USDT', network: 'ethereum', sales: 3, ...money('20.500000', '2.000000', '1.500000', '0.100000', '18.900000') },
  ],
  reporting: { currency: 'EUR', ...money('21.62', '1.84', '1.38', '0.10', '20.14'), rates: { USDC: '0.92', USDT: '0.92' }, missing_rates: [] },
  staff: [
    { staff: 'ui:usr_a', name: 'María José', sessions: 5, succeeded: 3, ...money('18.86', '1.84', '1.38', '0.09', '17.39') },
    { staff: 'key_1', name: 'key_1', sessions: 2, succeeded: 1, ...money('2.76', '0.00', '0.00', '0.01', '2.75') },
  ],
  reconciliation: {
    charged: [{ currency: 'EUR', charged: '30.00', received: '27.50', difference: '-2.50' }],
    underpaid: [{ session_id: 'ps_under', currency: 'EUR', amount_total: '10.00', amount_received: '7.00', difference: '-3.00' }],
    overpaid: [{ session_id: 'ps_over', currency: 'EUR', amount_total: '1.00', amount_received: '1.50', difference: '0.50' }],
    late: [{ session_id: 'ps_late', currency: 'EUR', amount_total: '4.00', amount_received: '4.00', difference: '0.00' }],
    unconfirmed: [{ payment_id: 'pay_w', session_id: 'ps_wait', network: 'ethereum', currency: 'USDT', amount: '8.000000', tx_id: '0xwait', confirmations: 1 }],
    unmatched_deposits: [{ deposit_id: 'dep_1', network: 'polygon', currency: 'USDC', amount_base: '2500000', decimals: 6, to: '0xto', tx_id: '0xdeposit', reason: 'SESSION_EXPIRED', status: 'UNRESOLVED' }],
  },
};

const closed: ShiftReportPrint = {
  shopName: 'Café Ñandú',
  timeZone: 'Europe/Madrid',
  till: 'front-1',
  livemode: true,
  status: 'closed',
  openedBy: 'María José',
  // 09:00 and 17:30 UTC: 10:00 and 18:30 in Madrid (CET, UTC+1, in March before the change).
  openedAt: Date.UTC(2026, 2, 14, 9, 0),
  closedBy: 'Olga',
  closedAt: Date.UTC(2026, 2, 14, 17, 30),
  printedAt: Date.UTC(2026, 2, 14, 17, 31),
  report,
};
const names: Record<string, string> = { polygon: 'Polygon', ethereum: 'Ethereum' };
const networkName = (id: string) => names[id] ?? id;

describe('escposShiftReport', () => {
  test('every part of the report, in the shop\'s time zone, with the differences', () => {
    const { items, lines } = decodeEscPos(escposShiftReport(closed, { networkName }));
    const text = lines.join('\n');
    expect(items.slice(0, 2)).toEqual([{ type: 'init' }, { type: 'codepage', n: 16 }]);
    expect(items.find((i) => i.type === 'text')).toMatchObject({ text: 'Café Ñandú', align: 'center', bold: true, width: 2, height: 2 });
    expect(text).toContain('SHIFT REPORT - till front-1');
    expect(text).toContain('CLOSED, NOT RECONCILED YET');
    expect(text).not.toContain('TEST MODE');
    expect(text).toMatch(/Opened +2026-03-14 10:00\n {2}by María José\nClosed +2026-03-14 18:30\n {2}by Olga\nPrinted +2026-03-14 18:31\nTimes in Europe\/Madrid/);
    expect(text).toMatch(/SALES: 7\n {2}Confirming +1\n {2}Paid +4\n {2}Expired +1\n {2}Canceled +1\n {2}Underpaid +1\n {2}Overpaid +1\n-/);
    expect(text).not.toMatch(/Waiting for payment|Paid late +0/);
    // Per coin × network, the coin's amounts as receipts print them; refunds and fees taken off.
    expect(text).toMatch(/USDT on Ethereum \(3 sales\)\n {2}Gross +20\.50 USDT\n {2}Tips +2\.00 USDT\n {2}Refunds +-1\.50 USDT\n {2}Fees +-0\.10 USDT\n {2}Net +18\.90 USDT/);
    expect(text).toMatch(/USDC on Polygon \(1 sale\)\n {2}Gross +3\.00 USDC\n {2}Tips +0\.00 USDC\n {2}Refunds +0\.00 USDC\n {2}Fees +-0\.01 USDC/);
    expect(text).toMatch(/TOTAL IN EUR\n {2}Gross +21\.62 EUR\n {2}Tips +1\.84 EUR\n {2}Refunds +-1\.38 EUR\n {2}Fees +-0\.10 EUR\n {2}Net +20\.14 EUR\nRate 1 USDC = 0\.92 EUR\nRate 1 USDT = 0\.92 EUR/);
    expect(text).toMatch(/María José \(5 sales, 3 paid\)\n {2}Gross +18\.86 EUR[\s\S]*Net +17\.39 EUR\nkey_1 \(2 sales, 1 paid\)/);
    expect(text).toMatch(/Charged EUR +30\.00\nArrived EUR +27\.50\nDifference EUR +-2\.50/);
    expect(text).toMatch(/Underpaid: 1\nps_under\n {2}asked 10\.00, got 7\.00 +-3\.00 EUR/);
    expect(text).toMatch(/Overpaid: 1\nps_over\n {2}asked 1\.00, got 1\.50 +0\.50 EUR/);
    expect(text).toMatch(/Paid late: 1\nps_late\n/);
    expect(text).toMatch(/Unconfirmed at close: 1\nps_wait\n {2}Ethereum, 1 conf\. +8\.00 USDT/);
    expect(text).toMatch(/Unmatched deposits: 1\n {2}Polygon, session expired +2\.50 USDC\n {2}Tx 0xdeposit/);
    expect(text).not.toContain('No sale underpaid');
    expect(text).toContain('NOT RECONCILED: payments still confirming');
    // The money lines' "Net" is bold; the report ends with a feed and a partial cut.
    expect(items.find((i) => i.type === 'text' && i.text.startsWith('  Net'))).toMatchObject({ bold: true });
    expect(items.slice(-2)).toEqual([{ type: 'feed', lines: 3 }, { type: 'cut', partial: true, feedDots: 0 }]);
  });

  test('open and reconciled shifts say so; a test-mode shift says it moves no real money; a coin without a rate is named', () => {
    const open = decodeEscPos(escposShiftReport({ ...closed, status: 'open', livemode: false, closedAt: null, closedBy: null, report: { ...report, reporting: { ...report.reporting, rates: { USDT: '0.92' }, missing_rates: ['USDC'] } } })).lines.join('\n');
    expect(open).toContain('SHIFT OPEN: the figures so far');
    expect(open).toContain('TEST MODE - NO REAL MONEY');
    expect(open).toMatch(/Closed +still open/);
    expect(open).toContain('Unconfirmed: 1'); // not "at close": it is not closed
    expect(open).toContain('No rate for USDC: left out of the total');
    expect(open).toContain('NOT CLOSED: the figures can still change');
    const none = { ...report.reconciliation, underpaid: [], overpaid: [], late: [], unconfirmed: [], unmatched_deposits: [] };
    const reconciled = decodeEscPos(escposShiftReport({ ...closed, status: 'reconciled', report: { ...report, reconciliation: none } })).lines.join('\n');
    expect(reconciled).toContain('CLOSED AND RECONCILED');
    expect(reconciled).toContain('No sale underpaid, overpaid or paid late;');
    expect(reconciled.split('\n').at(-1)).toBe('RECONCILED');
    // Without a network name function the network's id is printed.
    expect(reconciled).toContain('USDT on ethereum (3 sales)');
  });

  test.each([48, 42] as const)('every line fits %i columns (the shop\'s name at double width in half of them)', (columns) => {
    const long = { ...closed, shopName: 'La Tienda de Ultramarinos y Coloniales de la Esquina', openedBy: 'Maximiliano Alejandro de la Santísima Trinidad Fernández' };
    const { items } = decodeEscPos(escposShiftReport(long, { columns, networkName }));
    for (const i of items) if (i.type === 'text') expect(i.text.length * i.width, i.text).toBeLessThanOrEqual(columns);
    expect(items.filter((i) => i.type === 'text').map((i) => (i as { text: string }).text)).toContain(`  Net${' '.repeat(columns - 2 - 3 - 9)}20.14 EUR`);
  });

  test('a name the code page lacks prints as ? and control characters as spaces: no command can be injected', () => {
    const { lines } = decodeEscPos(escposShiftReport({ ...closed, openedBy: 'Ana 🍵\u001b@x' }));
    expect(lines).toContain('  by Ana ? @x');
  });
});
