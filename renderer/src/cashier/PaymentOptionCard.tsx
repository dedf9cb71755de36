/**
 * One way to pay a sale from a wallet (a network and a coin), as the till and the customer display
 * show it. The QR carries what the option says (`qr.content`): the wallet request (`uri`: EVM's
 * EIP-681, which a wallet turns into a ready transfer), or the bare deposit address where no URI
 * scans in every wallet (TRON: TronLink iOS rejects `tron:`). An address tells the wallet only where
 * to send, so the exact amount then leads, large, with copy buttons and a line saying it must be typed.
 * A Solana Pay request (an option with a `reference`) pays the shop's own wallet, the same for every
 * sale, and only its reference names this sale: the address is not shown (nor copied), since a
 * transfer typed by hand to it would not be matched, and the card says to scan.
 */
import { CopyButton } from '../CopyButton.js';
import { coinAmount } from '../format.js';
import { QrCode } from '../QrCode.js';
import type { PaymentOption } from '../api-types.js';

export function PaymentOptionCard({ option: o, qrSize, copy = true }: { option: PaymentOption; qrSize: number; copy?: boolean }) {
  const where = `${o.currency} on ${o.network_name}`;
  if (o.qr.content === 'address') {
    const amount = coinAmount(o.amount_due);
    return (
      <li className="option option-address">
        <QrCode text={o.qr.payload} label={`QR code: ${o.network_name} deposit address`} size={qrSize} />
        <div className="option-body">
          <p className="option-exact">
            <span className="option-exact-label">Send exactly</span>{' '}
            <strong className="option-exact-amount">
              {amount} {o.currency}
            </strong>
            {copy ? <CopyButton text={amount} label={`Copy amount (${where})`} /> : null}
          </p>
          <p className="option-network">
            on {o.network_name} <span className="nowrap">({o.token_standard})</span>
          </p>
          <p className="option-address-line">
            <span className="address" title="Deposit address">
              {o.address}
            </span>
            {copy ? <CopyButton text={o.address} label={`Copy address (${where})`} /> : null}
          </p>
          <p className="option-hint">The QR code holds the address only: type the amount exactly.</p>
        </div>
      </li>
    );
  }
  if (o.reference) {
    return (
      <li className="option option-request">
        <QrCode text={o.qr.payload} label={`QR code: Solana Pay request for ${coinAmount(o.amount_due)} ${where}`} size={qrSize} />
        <div className="option-body">
          <p className="option-title">
            {where} <span className="muted nowrap">({o.token_standard})</span>
          </p>
          <p className="option-amount">
            {coinAmount(o.amount_due)} {o.currency}
          </p>
          <p className="option-hint">Scan with a Solana Pay wallet (Phantom, Solflare…).</p>
          <p className="option-hint">Pay by scanning only: a transfer typed by hand to the shop's address is not matched to this sale.</p>
        </div>
      </li>
    );
  }
  return (
    <li className="option">
      <QrCode text={o.qr.payload} label={`QR code: ${coinAmount(o.amount_due)} ${where}`} size={qrSize} />
      <div className="option-body">
        <p className="option-title">
          {where} <span className="muted nowrap">({o.token_standard})</span>
        </p>
        <p className="option-amount">
          {coinAmount(o.amount_due)} {o.currency}
        </p>
        <p className="address" title="Deposit address">
          {o.address}
        </p>
      </div>
    </li>
  );
}
