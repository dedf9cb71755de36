/**
 * What became of the sale, in words a cashier acts on: waiting; underpaid (amber, the rest due large,
 * what to do next); confirming; expired or canceled (with "Charge again" when nothing came in, or
 * what the owner can do with what did); paid late. Paid itself is the full-screen PaidScreen.
 */
import type { ReactNode } from 'react';
import { coinAmount, formatMoney, subtractMoney } from '../format.js';
import type { PublicPayment, SaleStatus } from '../api-types.js';

/** The payments that count (not those a reorganisation dropped), each with its transaction. */
export function PaymentLines({ payments }: { payments: readonly PublicPayment[] }) {
  const counted = payments.filter((p) => p.status !== 'orphaned');
  if (counted.length === 0) return null;
  return (
    <ul className="payment-lines" aria-label="Payments">
      {counted.map((p, i) => (
        <li key={`${p.network}-${p.tx_hash}-${i}`}>
          {coinAmount(p.amount)} {p.currency} on {p.network_name}:{' '}
          {p.explorer_url ? (
            <a href={p.explorer_url} target="_blank" rel="noopener noreferrer">
              view transaction
            </a>
          ) : (
            <code title={p.tx_hash}>{`${p.tx_hash.slice(0, 10)}…${p.tx_hash.slice(-6)}`}</code>
          )}
        </li>
      ))}
    </ul>
  );
}

const nothingReceived = (s: SaleStatus) => /^0(\.0+)?$/.test(s.amount_received.value);

function Card({ tone, title, children }: { tone: 'wait' | 'due' | 'bad'; title: string; children?: ReactNode }) {
  return (
    <div className={`outcome ${tone}`} role="status">
      <p className="outcome-title">{title}</p>
      {children}
    </div>
  );
}

/** What the owner can do with money that came in for a sale that did not complete. */
const OWNER_NEXT = 'An owner can accept it as paid or refund it in Transactions.';

export function Outcome({ status, chargeAgain }: { status: SaleStatus; chargeAgain: () => void }) {
  const received = formatMoney(status.amount_received);
  const again = (
    <button type="button" onClick={chargeAgain}>
      Charge again
    </button>
  );
  switch (status.status) {
    case 'PROCESSING': {
      const last = status.payments.filter((p) => p.status !== 'orphaned').at(-1);
      return (
        <Card tone="wait" title="Payment received, confirming…">
          <p>{last ? `${last.confirmations} confirmation${last.confirmations === 1 ? '' : 's'} so far on ${last.network_name}` : status.detail}</p>
        </Card>
      );
    }
    case 'EXPIRED':
    case 'CANCELED': {
      const verb = status.status === 'EXPIRED' ? 'Expired' : 'Canceled';
      if (status.exception === 'UNDERPAID') {
        return (
          <Card tone="due" title={`${verb}: underpaid`}>
            <p>
              Received {received} of {formatMoney(status.amount)}. {OWNER_NEXT}
            </p>
            <PaymentLines payments={status.payments} />
          </Card>
        );
      }
      if (status.exception === 'PAID_LATE') {
        return (
          <Card tone="due" title={`Paid after it was ${verb.toLowerCase()}`}>
            <p>
              {received} arrived too late for this sale. {OWNER_NEXT}
            </p>
            <PaymentLines payments={status.payments} />
          </Card>
        );
      }
      return (
        <Card tone="bad" title={verb}>
          <p>Nothing was paid.</p>
          {nothingReceived(status) ? again : null}
        </Card>
      );
    }
    default:
      return status.exception === 'UNDERPAID' ? (
        <Card tone="due" title="Underpaid">
          <p className="due">
            <span className="due-amount">{formatMoney(subtractMoney(status.amount, status.amount_received))}</span> still due
          </p>
          <p>
            Received {received} of {formatMoney(status.amount)}. The QR codes now ask for the rest.
          </p>
          <p>
            If the customer pays the rest another way (cash, card), an owner can accept the sale as paid in Transactions. Money has arrived, so the sale
            cannot be canceled: left unpaid, it expires and what came in can be refunded.
          </p>
          <PaymentLines payments={status.payments} />
        </Card>
      ) : (
        <Card tone="wait" title="Waiting for payment">
          <p>The customer scans a QR code below with a wallet app.</p>
        </Card>
      );
  }
}
