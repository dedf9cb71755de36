// @vitest-environment happy-dom
/**
 * The till's shift line (renderer/src/cashier/ShiftBar.tsx) rendered by React in happy-dom against a
 * fake API: no shift, "Open shift" (the till's id, an Idempotency-Key), then "Close shift" showing the
 * report so far with what is not settled, "Keep the shift open", and closing only once confirmed in
 * plain words, then the report as kept until "Done". "Print report" wherever the report is shown:
 * "Printed", or "Not printed" with why (the printer's, or no printer set up) and Retry.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import '../../renderer/src/i18n/index.js';
import { ShiftBar } from '../../renderer/src/cashier/ShiftBar.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const report = (over: Record<string, unknown> = {}) => ({
  object: 'shift_report',
  generated_at: '2026-11-28T18:00:00.000Z',
  reporting_currency: 'USD',
  sales: { count: 3, by_status: { PENDING: 1, PROCESSING: 1, SUCCEEDED: 1, EXPIRED: 0, CANCELED: 0 }, by_exception: { UNDERPAID: 1, OVERPAID: 0, PAID_LATE: 0 } },
  by_coin_network: [{ currency: 'USDT', network: 'ethereum', sales: 1, gross: '12.000000', tips: '2.000000', refunds: '0.000000', fees: '0.280000', net: '11.720000' }],
  reporting: { currency: 'USD', gross: '12.00', tips: '2.00', refunds: '0.00', fees: '0.28', net: '11.72', rates: { USDT: '1' }, missing_rates: [] },
  staff: [],
  reconciliation: {
    charged: [{ currency: 'USD', charged: '27.00', received: '23.00', difference: '-4.00' }],
    underpaid: [{ session_id: 'ps_u', currency: 'USD', amount_total: '10.00', amount_received: '6.00', difference: '-4.00' }],
    overpaid: [],
    late: [],
    unconfirmed: [{ payment_id: 'pay_1', session_id: 'ps_w', network: 'ethereum', currency: 'USDT', amount: '5.000000', tx_id: '0x1', confirmations: 1 }],
    unmatched_deposits: [],
  },
  ...over,
});
const shift = (over: Record<string, unknown> = {}) => ({
  id: 'shift_1', object: 'shift', status: 'open', till: 'till-a', livemode: false, opened_by: 'ui:usr_1', opened_at: '2026-11-28T09:05:00.000Z',
  closed_by: null, closed_at: null, reconciled_at: null, report: null, ...over,
});

let root: Root;
let host: HTMLElement;
let requests: { method: string; url: string; body: unknown; headers: Record<string, string> }[];
/** What the fake API holds: the till's shifts, newest first. */
let shifts: ReturnType<typeof shift>[];
/** How the fake printer answers the next prints, in order: ok, off (503), or no printer set up (409). */
let printAnswers: ('ok' | 'off' | 'none')[];

const errorResponse = (status: number, code: string, message: string) =>
  Promise.resolve(new Response(JSON.stringify({ error: { type: status === 503 ? 'api_error' : 'invalid_request_error', code, message, param: null } }), { status, headers: { 'content-type': 'application/json' } }));

function fakeFetch(url: URL | string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  const path = new URL(String(url)).pathname + new URL(String(url)).search;
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  requests.push({ method, url: path, body, headers: (init.headers ?? {}) as Record<string, string> });
  let data: unknown;
  if (method === 'GET' && path.startsWith('/v1/shifts?')) data = { items: shifts.slice(0, 1), has_more: false };
  else if (method === 'POST' && path === '/v1/shifts') data = (shifts = [shift(), ...shifts])[0];
  else if (method === 'GET' && path === '/v1/shifts/shift_1') data = { ...shifts[0], report: report() };
  else if (method === 'POST' && path === '/v1/shifts/shift_1/close') data = (shifts[0] = shift({ status: 'closed', closed_at: '2026-11-28T18:00:00.000Z', closed_by: 'ui:usr_1', report: report() }));
  else if (method === 'POST' && path === '/v1/shifts/shift_1/print') {
    const answer = printAnswers.shift() ?? 'ok';
    if (answer === 'off') return errorResponse(503, 'printer_unavailable', 'Not printed. The printer at 192.168.1.50:9100 refused the connection: is it on, and is the port right?');
    if (answer === 'none') return errorResponse(409, 'invalid_state', 'No receipt printer is set up: the owner sets one in Settings (PUT /v1/settings/printer).');
    data = { object: 'shift_report_print', shift_id: 'shift_1', livemode: false, status: 'printed', printed_at: '2026-11-28T18:01:00.000Z' };
  } else return Promise.resolve(new Response(JSON.stringify({ error: { type: 'invalid_request_error', code: 'route_not_found', message: path, param: null } }), { status: 404 }));
  return Promise.resolve(new Response(JSON.stringify({ base: { code: 0, message: 'success' }, data }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  requests = [];
  shifts = [];
  printAnswers = [];
  localStorage.setItem('stablepos.till', 'till-a');
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const text = () => host.textContent ?? '';
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!;
const click = (name: string) => act(async () => button(name).click());
const settle = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

test('open a shift on this till, see the report so far, keep it open, then close it once confirmed', async () => {
  await act(async () => root.render(createElement(ShiftBar)));
  await settle();
  expect(text()).toContain('No shift is open on this till.');
  expect(requests[0]).toMatchObject({ method: 'GET', url: '/v1/shifts?till=till-a&limit=1' });

  await click('Open shift');
  await settle();
  const opened = requests.find((r) => r.method === 'POST')!;
  expect(opened).toMatchObject({ url: '/v1/shifts', body: { till: 'till-a' } });
  expect(opened.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(text()).toMatch(/Shift open since/);

  await click('Close shift');
  await settle();
  expect(host.querySelector('h2')?.textContent).toBe('This shift so far');
  expect(text()).toContain('3 sales · Paid: 1');
  expect(text()).toContain('Charged 27.00, arrived 23.00 (USD)');
  expect(text()).toContain('1 sale was underpaid.');
  expect(text()).toContain('1 payment is still confirming: the shift is reconciled when it confirms.');
  expect([...host.querySelectorAll('tr')].map((r) => r.textContent)).toEqual([
    'Coin and networkTakenTipsRefundsFeesNet',
    'USDT · ethereum12.0000002.0000000.0000000.28000011.720000',
    'Total in USD12.002.000.000.2811.72',
  ]);

  await click('Keep the shift open');
  expect(text()).toMatch(/Shift open since/);
  expect(requests.some((r) => r.url.endsWith('/close'))).toBe(false);

  await click('Close shift');
  await settle();
  await click('Close shift'); // the panel's: asks first
  const dialog = host.querySelector('dialog')!;
  expect(dialog.textContent).toContain('Close this shift?');
  expect(dialog.textContent).toContain('The report above is kept as it is now.');
  expect(dialog.textContent).toContain('Payments still confirming are added to the report when they confirm.');
  expect(requests.some((r) => r.url.endsWith('/close'))).toBe(false);
  await act(async () => [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Close shift')!.click());
  await settle();
  expect(requests.filter((r) => r.url.endsWith('/close'))).toHaveLength(1);
  expect(host.querySelector('h2')?.textContent).toBe('Shift closed');
  await click('Done');
  await settle();
  expect(text()).toContain('No shift is open on this till.');
});

test('"Print report" before and after closing: Printed, or Not printed with why and Retry', async () => {
  shifts = [shift()];
  await act(async () => root.render(createElement(ShiftBar)));
  await settle();
  await click('Close shift');
  await settle();
  printAnswers = ['none', 'off', 'ok'];
  await click('Print report');
  await settle();
  // No printer set up: said in the till's words, the owner's to fix.
  expect(host.querySelector('[role=alert]')?.textContent).toBe('Not printed.No receipt printer is set up: the owner sets one in Settings.');
  await click('Retry');
  await settle();
  // The printer is off: why, as the server says it (without a second "Not printed.").
  expect(host.querySelector('[role=alert]')?.textContent).toBe('Not printed.The printer at 192.168.1.50:9100 refused the connection: is it on, and is the port right?');
  await click('Retry');
  await settle();
  expect(host.querySelector('[role=alert]')).toBeNull();
  expect(text()).toContain('Printed.');
  expect(requests.filter((r) => r.method === 'POST' && r.url === '/v1/shifts/shift_1/print')).toHaveLength(3);

  // Closed: the report as kept prints afresh (the outcome before closing is not carried over).
  await click('Close shift');
  await act(async () => [...host.querySelector('dialog')!.querySelectorAll('button')].find((b) => b.textContent === 'Close shift')!.click());
  await settle();
  expect(host.querySelector('h2')?.textContent).toBe('Shift closed');
  expect(text()).not.toContain('Printed.');
  await click('Print report');
  await settle();
  expect(text()).toContain('Printed.');
  expect(button('Print again')).toBeDefined();
  expect(requests.filter((r) => r.url === '/v1/shifts/shift_1/print')).toHaveLength(4);
});
