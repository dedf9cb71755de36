/** The till: type an amount, charge, show the QR codes, follow the payment live to a clear outcome. */
import { type FormEvent, useEffect, useState } from 'react';
import { formatMoney, subtractMoney } from '../format.js';
import { QrCode } from '../QrCode.js';
import { PaymentOptionCard } from './PaymentOptionCard.js';
import { type SaleStatus, useSale } from './sale.js';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD', 'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL', 'USDT', 'USDC'];
const SCALE: Record<string, number> = { JPY: 0, VND: 0, USDT: 6, USDC: 6 };
const scaleOf = (currency: string) => SCALE[currency] ?? 2;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', '⌫'] as const;

/** Whether `text` is an amount the API will take in this currency (digits, at most its decimals). */
export function validAmount(text: string, currency: string): boolean {
  const scale = scaleOf(currency);
  const pattern = scale === 0 ? /^(0|[1-9]\d{0,14})$/ : new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${scale}})?$`);
  return pattern.test(text) && /[1-9]/.test(text);
}

function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <p className="countdown" aria-label={`Time left: ${text}`}>
      {text}
    </p>
  );
}

function Outcome({ status }: { status: SaleStatus }) {
  const paid = status.payments.filter((p) => p.status !== 'orphaned');
  const last = paid[paid.length - 1];
  switch (status.status) {
    case 'SUCCEEDED':
      return (
        <div className="outcome ok" role="status">
          <p className="outcome-title">Paid</p>
          <p className="big">{formatMoney(status.amount)}</p>
          {status.exception === 'OVERPAID' ? <p>Overpaid: received {formatMoney(status.amount_received)}; refund the difference from Refunds.</p> : null}
          {last ? (
            <p>
              {last.amount} {last.currency} on {last.network_name}:{' '}
              {last.explorer_url ? (
                <a href={last.explorer_url} target="_blank" rel="noopener noreferrer">
                  view transaction
                </a>
              ) : (
                <code title={last.tx_hash}>{`${last.tx_hash.slice(0, 10)}…${last.tx_hash.slice(-6)}`}</code>
              )}
            </p>
          ) : null}
        </div>
      );
    case 'PROCESSING':
      return (
        <div className="outcome wait" role="status">
          <p className="outcome-title">Payment received, confirming…</p>
          <p>{last ? `${last.confirmations} confirmation${last.confirmations === 1 ? '' : 's'} so far on ${last.network_name}` : status.detail}</p>
        </div>
      );
    case 'EXPIRED':
      return (
        <div className="outcome bad" role="status">
          <p className="outcome-title">Expired</p>
          <p>
            {status.exception === 'UNDERPAID'
              ? `Underpaid: received ${formatMoney(status.amount_received)} of ${formatMoney(status.amount)}. Refund it or accept it from Transactions.`
              : status.exception === 'PAID_LATE'
                ? `Paid after it expired: ${formatMoney(status.amount_received)} received. Accept it or refund it from Transactions.`
                : 'Nothing was paid. Start a new sale.'}
          </p>
        </div>
      );
    case 'CANCELED':
      return (
        <div className="outcome bad" role="status">
          <p className="outcome-title">Canceled</p>
          <p>{status.exception === 'PAID_LATE' ? `A payment arrived after canceling: ${formatMoney(status.amount_received)}. Refund it from Refunds.` : 'Nothing was paid.'}</p>
        </div>
      );
    default:
      return status.exception === 'UNDERPAID' ? (
        <div className="outcome wait" role="status">
          <p className="outcome-title">Underpaid: {formatMoney(subtractMoney(status.amount, status.amount_received))} missing</p>
          <p>Received {formatMoney(status.amount_received)}. The codes below ask for the rest.</p>
        </div>
      ) : (
        <div className="outcome wait" role="status">
          <p className="outcome-title">Waiting for payment</p>
          <p>Scan with a wallet, or open the payment link.</p>
        </div>
      );
  }
}

function LiveSale() {
  const { status, paymentUrl, reconnecting, error, cancel, newSale } = useSale();
  if (!status || !paymentUrl) return <p className="muted">Creating the payment…</p>;
  const open = status.status === 'PENDING' || status.status === 'PROCESSING';
  const cancelable = status.status === 'PENDING' && /^0(\.0+)?$/.test(status.amount_received.value);
  return (
    <section className="sale" aria-labelledby="sale-title">
      <div className="sale-head">
        <div>
          <h2 id="sale-title">{formatMoney(status.amount)}</h2>
          {status.status === 'PENDING' ? <Countdown until={status.expires_at} /> : null}
        </div>
        <div className="sale-actions">
          {cancelable ? (
            <button type="button" className="secondary" onClick={() => void cancel()}>
              Cancel
            </button>
          ) : null}
          <button type="button" onClick={newSale}>
            New sale
          </button>
        </div>
      </div>
      {reconnecting ? <p className="muted" role="status">Reconnecting to the live status…</p> : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
      <Outcome status={status} />
      {open && status.status === 'PENDING' ? (
        <>
          <div className="sale-main">
            <QrCode text={paymentUrl} label="QR code: payment link" size={320} />
            <p className="muted">Scan to pay in the browser: choose the network and coin there.</p>
          </div>
          <h3>Or pay straight from a wallet</h3>
          <ul className="options">
            {status.payment_options.map((o) => (
              <PaymentOptionCard key={`${o.network}-${o.currency}`} option={o} qrSize={160} />
            ))}
          </ul>
          {status.payment_options.length === 0 ? <p className="error">No network is ready to take payments: see Settings → Networks.</p> : null}
        </>
      ) : null}
    </section>
  );
}

function AmountEntry() {
  const { merchant, phase, error, charge } = useSale();
  const defaultCurrency = merchant?.settings.default_currency ?? 'USD';
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const chosen = currency ?? defaultCurrency;
  const ok = validAmount(amount, chosen);
  const press = (key: (typeof KEYS)[number]) => setAmount((a) => (key === '⌫' ? a.slice(0, -1) : a.length < 18 ? a + key : a));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ok) void charge({ value: amount, currency: chosen }, description);
  };
  const ordered = [defaultCurrency, ...CURRENCIES.filter((c) => c !== defaultCurrency)];
  return (
    <form className="entry" onSubmit={submit} aria-labelledby="entry-title">
      <h2 id="entry-title">New sale</h2>
      <div className="entry-fields">
        <label>
          Amount
          <input className="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value.trim())} placeholder="0.00" autoFocus />
        </label>
        <label>
          Currency
          <select value={chosen} onChange={(e) => setCurrency(e.target.value)}>
            {ordered.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="keypad" role="group" aria-label="Keypad">
        {KEYS.map((k) => (
          <button key={k} type="button" className="key" onClick={() => press(k)} aria-label={k === '⌫' ? 'Delete' : k}>
            {k}
          </button>
        ))}
      </div>
      <label className="description">
        Description (optional)
        <input value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} placeholder="e.g. 2 coffees" />
      </label>
      {amount && !ok ? <p className="error">Enter an amount above zero with at most {scaleOf(chosen)} decimals for {chosen}.</p> : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
      <button type="submit" className="charge" disabled={!ok || phase === 'charging' || !merchant}>
        {phase === 'charging' ? 'Charging…' : 'Charge'}
      </button>
    </form>
  );
}

export function CashierScreen() {
  const { phase, loadMerchant } = useSale();
  useEffect(() => {
    void loadMerchant();
  }, [loadMerchant]);
  return <div className="cashier">{phase === 'live' ? <LiveSale /> : <AmountEntry />}</div>;
}
