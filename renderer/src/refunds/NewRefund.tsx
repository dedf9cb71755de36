/**
 * The refund form for one sale. The amount is required (a "Refund all" button fills it, so a blank
 * form can never send everything), and nothing is sent before the confirmation says how much goes
 * back, on which network and to which address.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { postJson } from '../api.js';
import type { Confirmation } from '../ConfirmDialog.js';
import { coinAmount, formatMoney, type Money, subtractMoney } from '../format.js';
import { sessionState } from '../session-words.js';
import type { Network, Session } from '../api-types.js';
import { leftToRefund, type RefundRoute, refundRoutes, whyNoRefund } from './refund-route.js';

const COINS = new Set(['USDT', 'USDC']);

/** What an OVERPAID session received beyond its amount, in its currency. */
const excess = (s: Session): Money => subtractMoney(s.amount_received, s.amount);

/** An amount as it is typed into the field: a coin's 6 decimals trimmed to what matters ("8.00"). */
const typedForm = (m: Money) => (COINS.has(m.currency) ? coinAmount(m.value) : m.value);

/** Whether a typed decimal is exactly this amount ("8" and "8.000000" are 8.00 USDT). */
const isExactly = (typed: string, m: Money) => /^\d+(\.\d+)?$/.test(typed) && !/[1-9]/.test(subtractMoney({ value: typed, currency: m.currency }, m).value);

/** The names of the networks a session was paid on ("TRON"), for the destination's placeholder. */
const paidOn = (routes: readonly RefundRoute[]) => [...new Set(routes.map((r) => r.networkName))].join(' or ') || 'wallet';

/** The confirmation's words: the amount, the network(s), where the money goes. */
function refundWords(session: Session, amount: Money, routes: readonly RefundRoute[], destination: string, reason: string): Confirmation {
  const money = formatMoney(amount);
  // A fiat-priced sale is paid back in the coin it was paid in, at the rate locked when it was made.
  const inCoin = COINS.has(amount.currency) ? '' : ` (paid back in ${[...new Set(routes.map((r) => r.coin))].join(' or ')} at the rate of the sale)`;
  const only = routes.length === 1 ? routes[0] : undefined;
  const to = (address: string): ReactNode => <code className="address">{address}</code>;
  const body: ReactNode = only ? (
    <p>
      Send <strong>{money}</strong>
      {inCoin} on <strong>{only.networkName}</strong> to {destination ? <>{to(destination)}, the address you typed.</> : <>{to(only.from)}, the address the customer paid from.</>}
    </p>
  ) : (
    <>
      <p>
        Send <strong>{money}</strong>
        {inCoin} back by the route of one of this sale's payments
        {destination ? <>, to {to(destination)}, the address you typed:</> : ', to the address it came from:'}
      </p>
      <ul className="list">
        {routes.map((r) => (
          <li key={`${r.network}-${r.coin}-${r.from}`}>
            {r.coin} on {r.networkName}, from {to(r.from)}
          </li>
        ))}
      </ul>
    </>
  );
  return {
    title: 'Send this refund?',
    body: (
      <>
        {body}
        {reason ? <p>Reason: {reason}</p> : null}
        <p className="muted">Once it is sent on the network it cannot be taken back.</p>
      </>
    ),
    confirm: `Send ${money}`,
  };
}

export function NewRefund({
  session,
  networks,
  confirm,
  onSent,
}: {
  session: Session;
  networks: readonly Network[];
  confirm: (c: Confirmation) => Promise<boolean>;
  onSent: () => void;
}) {
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string>();
  const routes = refundRoutes(session, networks);
  const left = leftToRefund(session);
  const currency = session.amount.currency;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const typed = value.trim();
    if (!typed) return setError('Enter the amount to refund, or choose "Refund all".');
    const amount = { value: typed, currency };
    if (!(await confirm(refundWords(session, amount, routes, destination.trim(), reason.trim())))) return;
    // "Refund all" of a sale paid in one transfer is the API's full refund: exact in the coin paid,
    // where converting a fiat amount back at the locked rate could land a unit beyond it.
    const all = isExactly(typed, left) && routes.length === 1;
    try {
      await postJson(
        '/v1/refunds',
        {
          session_id: session.session_id,
          ...(!all && { amount }),
          ...(reason.trim() && { reason: reason.trim() }),
          ...(destination.trim() && { destination_address: destination.trim() }),
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      setValue('');
      setReason('');
      setDestination('');
      onSent();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const summary = (
    <p>
      <strong>{formatMoney(session.amount)}</strong> · {sessionState(session)} · received {formatMoney(session.amount_received)} · refunded{' '}
      {formatMoney(session.amount_refunded)}
      {session.description ? ` · ${session.description}` : ''}
    </p>
  );
  const why = whyNoRefund(session);
  if (why) {
    return (
      <div className="card" aria-label="Sale to refund" role="region">
        {summary}
        <p role="status">{why}</p>
      </div>
    );
  }
  return (
    <form className="card endpoint-form" onSubmit={(e) => void send(e)} aria-label="New refund">
      {summary}
      {session.exception === 'OVERPAID' ? (
        <p>
          Overpaid by {formatMoney(excess(session))}.{' '}
          <button type="button" className="secondary" onClick={() => setValue(typedForm(excess(session)))}>
            Refund just the excess
          </button>
        </p>
      ) : null}
      <label>
        Amount to refund ({currency})
        <input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} required autoComplete="off" />
      </label>
      <p>
        <button type="button" className="secondary" onClick={() => setValue(typedForm(left))}>
          Refund all ({formatMoney(left)})
        </button>
      </p>
      <label>
        Reason
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      </label>
      <label>
        Send to another address (if the customer paid from an exchange)
        <input value={destination} onChange={(e) => setDestination(e.target.value)} placeholder={`The customer's ${paidOn(routes)} address`} />
      </label>
      <button type="submit">Refund…</button>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </form>
  );
}
