/**
 * The hosted checkout page's panels, rendered from hand-made options: the QR carries what the option
 * says (`qr.content`), and an address QR (TRON's: no payment URI scans in every wallet) leads with the
 * exact amount, the network and token standard in words, copy buttons and a line saying the amount
 * must be typed. Any family can ask for it, so the page is tested with the layout alone.
 */
import QRCode from 'qrcode';
import { expect, test } from 'vitest';
import type { Merchant } from '../../src/domain/merchant.js';
import type { PaymentOption } from '../../src/domain/payment-option.js';
import type { PaymentSession } from '../../src/domain/session.js';
import { renderCheckoutPage } from '../../src/http/checkout/page.js';
import { publicStatus } from '../../src/http/checkout/status.js';
import type { SessionView } from '../../src/services/session-view.js';

const NOW = Date.UTC(2026, 0, 5, 12);
const DEPOSIT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
// A base58check TRON address: what an address QR carries as it is.
const TRON_DEPOSIT = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const merchant = { id: 'mer_1', name: 'Corner café', domains: [] } as unknown as Merchant;

const session: PaymentSession = {
  id: 'ps_test',
  merchantId: 'mer_1',
  merchantDomainId: 'dom_1',
  livemode: false,
  status: 'PENDING',
  exception: null,
  currency: 'USDT',
  amountMinor: 12_500_000n,
  amountReceivedMinor: 0n,
  amountRefundedMinor: 0n,
  tipMinor: 0n,
  description: null,
  clientReferenceId: null,
  metadata: {},
  lineItems: [],
  successUrl: null,
  cancelUrl: null,
  resolvedBy: null,
  shiftId: null,
  createdBy: null,
  createdAt: NOW,
  expiresAt: NOW + 15 * 60_000,
  updatedAt: NOW,
  quotes: [],
};

const uriOption: PaymentOption = {
  network: 'ethereum',
  tokenStandard: 'ERC-20',
  currency: 'USDT',
  amountDueMinor: 12_500_000n,
  amountDueBase: 12_500_000n,
  address: DEPOSIT,
  tokenContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  uri: `ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@1337/transfer?address=${DEPOSIT}&uint256=12500000`,
  qr: { content: 'uri', payload: `ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@1337/transfer?address=${DEPOSIT}&uint256=12500000` },
  rate: null,
};

/** An option whose QR is the bare address, as a family without a URI every wallet scans gives it. */
const addressOption: PaymentOption = {
  ...uriOption,
  currency: 'USDC',
  tokenStandard: 'TRC-20',
  address: TRON_DEPOSIT,
  tokenContract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  uri: `tron:${TRON_DEPOSIT}?amount=12.5`,
  qr: { content: 'address', payload: TRON_DEPOSIT },
};

const view: SessionView = { session, payments: [], options: [uriOption, addressOption], booked: [] };

/** The panel of one option, from its opening tag to its end. */
function panel(html: string, key: string): string {
  const start = html.indexOf(`id="opt-${key}"`);
  expect(start, `panel ${key}`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
}

/** The QR an independent encoder draws for `text` with the page's settings, as the page embeds it. */
async function expectedQr(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.trim().replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
}

const qrOf = (p: string) => /<div class="qr" id="qr-[^"]+" role="img" aria-label="([^"]*)" data-qr="([^"]*)">(<svg[\s\S]*?<\/svg>)/.exec(p);

test('an address QR: the QR is the bare address, with the exact amount large, the network in words, copy buttons and a hint', async () => {
  const html = await renderCheckoutPage(view, merchant, NOW);
  const p = panel(html, 'ethereum-USDC');
  const qr = qrOf(p)!;
  expect(qr[1]).toBe('QR code: deposit address on Ethereum');
  expect(qr[2]).toBe(TRON_DEPOSIT);
  expect(qr[3]).toBe(await expectedQr(TRON_DEPOSIT));
  const text = p.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  expect(text).toContain('Send exactly 12.50 USDC');
  expect(text).toContain('on Ethereum (TRC-20)');
  expect(text).toContain('The QR code holds the address only: type the amount in your wallet exactly as shown.');
  expect(p).toContain('<span class="num" id="amt-ethereum-USDC">12.50</span> USDC');
  expect(p).toContain('data-copy-target="amt-ethereum-USDC" aria-label="Copy amount"');
  expect(p).toContain('data-copy-target="addr-ethereum-USDC" aria-label="Copy address"');
  const address = /<code class="value address" id="addr-[^"]+">([\s\S]*?)<\/code>/.exec(p)![1]!.replace(/<[^>]+>/g, '');
  expect(address).toBe(TRON_DEPOSIT);
  expect(p).not.toContain('Scan with your wallet app');
});

test('a URI QR keeps its layout: the QR is the wallet request, "Scan with your wallet app", amount and network fields', async () => {
  const html = await renderCheckoutPage(view, merchant, NOW);
  const p = panel(html, 'ethereum-USDT');
  const qr = qrOf(p)!;
  expect(qr[1]).toBe('QR code: pay 12.50 USDT on Ethereum');
  expect(qr[2]!.replace(/&amp;/g, '&')).toBe(uriOption.uri);
  expect(qr[3]).toBe(await expectedQr(uriOption.uri));
  expect(p).toContain('Scan with your wallet app, or copy the details below.');
  expect(p).toContain('<dt>Amount to send</dt>');
  expect(p).not.toContain('Send exactly');
});

test('the status feed says what each QR encodes, so the till and the display draw the same', () => {
  const status = publicStatus(view);
  expect(status.payment_options.map((o) => o.qr)).toEqual([
    { content: 'uri', payload: uriOption.uri },
    { content: 'address', payload: TRON_DEPOSIT },
  ]);
});
