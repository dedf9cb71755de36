/**
 * The customer-facing display (`/display`, or the app's second window): the sale the till has up,
 * its payment link's QR code, each wallet option's QR code (the bare address and the exact amount
 * where the network has no URI every wallet scans: TRON), and its status, large, with nothing the
 * customer should not see. Public endpoints only.
 */
import { useEffect, useState } from 'react';
import { apiBaseUrl } from '../api.js';
import type { SaleStatus } from '../cashier/sale.js';
import { formatMoney } from '../format.js';
import { PaymentOptionCard } from '../cashier/PaymentOptionCard.js';
import { QrCode } from '../QrCode.js';

interface Current {
  session_id: string | null;
  payment_url: string | null;
}

export function DisplayScreen() {
  const [current, setCurrent] = useState<Current>({ session_id: null, payment_url: null });
  const [status, setStatus] = useState<SaleStatus>();

  useEffect(() => {
    const feed = new EventSource(new URL('/display/current', apiBaseUrl));
    feed.addEventListener('display', (e) => setCurrent((JSON.parse((e as MessageEvent<string>).data) as { data: Current }).data));
    return () => feed.close();
  }, []);

  useEffect(() => {
    setStatus(undefined);
    if (!current.session_id) return;
    const feed = new EventSource(new URL(`/pay/${encodeURIComponent(current.session_id)}/stream`, apiBaseUrl));
    feed.addEventListener('session', (e) => setStatus((JSON.parse((e as MessageEvent<string>).data) as { data: SaleStatus }).data));
    return () => feed.close();
  }, [current.session_id]);

  if (!current.session_id || !current.payment_url || !status) {
    return (
      <main className="display display-idle">
        <p className="display-title">Welcome</p>
        <p className="muted">Pay with USDT or USDC</p>
      </main>
    );
  }
  const paid = status.status === 'SUCCEEDED';
  if (status.status === 'PENDING') {
    return (
      <main className="display display-pending" aria-live="polite">
        <div className="display-link">
          <p className="display-amount">{formatMoney(status.amount)}</p>
          <QrCode text={current.payment_url} label="QR code: payment link" size={288} />
          <p className="display-title">{status.exception === 'UNDERPAID' ? `Received ${formatMoney(status.amount_received)}: please pay the rest` : 'Scan to pay'}</p>
          <p className="muted">Opens the payment page on your phone.</p>
        </div>
        {status.payment_options.length ? (
          <section className="display-wallets" aria-labelledby="display-wallets-title">
            <h2 id="display-wallets-title">Or scan with your wallet app</h2>
            {/* The display faces the customer: a copy button would copy onto the till's computer. */}
            <ul className="options">
              {status.payment_options.map((o) => (
                <PaymentOptionCard key={`${o.network}-${o.currency}`} option={o} qrSize={120} copy={false} />
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    );
  }
  return (
    <main className="display" aria-live="polite">
      <p className="display-amount">{formatMoney(status.amount)}</p>
      {paid ? <p className="display-title ok">Paid. Thank you!</p> : <p className="display-title">{status.status_text}</p>}
    </main>
  );
}
