/** Refunds: find a session, refund all or part of it by its original route, follow each refund. */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { getJson, postJson } from '../api.js';
import { CopyButton } from '../CopyButton.js';
import { coinAmount, formatMoney, type Money, subtractMoney } from '../format.js';
import { networkName, type NetworkFacts, useNetworks } from '../networks.js';
import { QrCode } from '../QrCode.js';
import type { Page, Session } from '../types.js';

interface Refund {
  id: string;
  status: string;
  session_id: string;
  amount: Money;
  session_amount: Money;
  network: string;
  destination_address: string;
  failure_reason: string | null;
  next_action: { type: string; message: string } | null;
  payout: {
    method: string;
    uri: string | null;
    /** A manual payout's QR: the wallet request (`uri`), or the bare destination where no URI scans everywhere (TRON). */
    qr: { content: 'uri' | 'address'; payload: string } | null;
    tx_hash: string | null;
    explorer_url: string | null;
    confirmations: number;
    confirmations_required: number;
  };
  created_at: string;
}


/** The names of the networks a session was paid on ("TRON"), for the destination's placeholder. */
function paidOn(session: Session, networks: readonly NetworkFacts[]): string {
  const names = [...new Set(session.payments.filter((p) => p.status !== 'orphaned').map((p) => networkName(networks, p.network)))];
  return names.length ? names.join(' or ') : 'wallet';
}

/** What an OVERPAID session received beyond its amount, in its currency. */
const excess = (s: Session): Money => subtractMoney(s.amount_received, s.amount);

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function RefundRow({ r, networks, onChange }: { r: Refund; networks: readonly NetworkFacts[]; onChange: () => void }) {
  const network = networkName(networks, r.network);
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string>();
  const act = (f: () => Promise<unknown>) => void f().then(onChange, (err: unknown) => setError(message(err)));
  return (
    <li className="card">
      <p>
        <strong>{formatMoney(r.amount)}</strong> on {network} to <code>{r.destination_address}</code> · <span className={`badge badge-${r.status.toLowerCase()}`}>{r.status}</span>{' '}
        <span className="muted">
          {when.format(new Date(r.created_at))} · session {r.session_id.slice(0, 14)}…
        </span>
      </p>
      {r.failure_reason ? <p className="error">Failed: {r.failure_reason.replace(/_/g, ' ')}</p> : null}
      {r.payout.tx_hash ? (
        <p className="muted">
          Transaction{' '}
          {r.payout.explorer_url ? (
            <a href={r.payout.explorer_url} target="_blank" rel="noopener noreferrer" title={r.payout.tx_hash}>
              {r.payout.tx_hash.slice(0, 14)}…
            </a>
          ) : (
            <code title={r.payout.tx_hash}>{r.payout.tx_hash.slice(0, 14)}…</code>
          )}
          , {r.payout.confirmations} of {r.payout.confirmations_required} confirmations
        </p>
      ) : null}
      {r.status === 'PENDING' && r.payout.method === 'manual' && r.payout.qr ? (
        <div className="option">
          <QrCode
            text={r.payout.qr.payload}
            label={r.payout.qr.content === 'address' ? `QR code: refund address on ${network}` : `QR code: refund ${r.amount.value} ${r.amount.currency}`}
            size={160}
          />
          <div className="option-body">
            <p>No refund wallet key is stored: pay this from any wallet; the app sees it arrive.</p>
            {/* An address QR (TRON: TronLink iOS rejects tron:) tells the wallet only where to send; any wallet can be typed into. */}
            <p className="option-exact">
              <span className="option-exact-label">Send exactly</span> <strong className="option-exact-amount">{coinAmount(r.amount.value)} {r.amount.currency}</strong>
              <CopyButton text={coinAmount(r.amount.value)} label="Copy refund amount" />
            </p>
            <p className="option-network">on {network}, to</p>
            {r.destination_address ? (
              <p className="option-address-line">
                <span className="address">{r.destination_address}</span>
                <CopyButton text={r.destination_address} label="Copy refund address" />
              </p>
            ) : null}
            {r.payout.qr.content === 'address' ? <p className="option-hint">The QR code holds the address only: type the amount exactly.</p> : null}
          </div>
        </div>
      ) : null}
      {r.next_action ? (
        <form
          className="convert"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            act(() => postJson(`/v1/refunds/${r.id}/confirm_destination`, { destination_address: destination.trim() }));
          }}
        >
          <p>{r.next_action.message}</p>
          <label>
            Customer's wallet address
            <input value={destination} onChange={(e) => setDestination(e.target.value)} required />
          </label>
          <button type="submit">Confirm address</button>
        </form>
      ) : null}
      {r.status === 'PENDING' || r.status === 'REQUIRES_ACTION' ? (
        <button type="button" className="secondary" onClick={() => act(() => postJson(`/v1/refunds/${r.id}/cancel`, {}))}>
          Cancel refund
        </button>
      ) : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
    </li>
  );
}

export function RefundsScreen() {
  const [sessionId, setSessionId] = useState('');
  const [session, setSession] = useState<Session>();
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [destination, setDestination] = useState('');
  const [refunds, setRefunds] = useState<Refund[]>([]);
  const [error, setError] = useState<string>();
  const networks = useNetworks();

  const load = useCallback(async () => {
    try {
      setRefunds((await getJson<Page<Refund>>('/v1/refunds?limit=50')).items);
    } catch (err) {
      setError(message(err));
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [load]);

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setSession(undefined);
    try {
      setSession(await getJson<Session>(`/v1/payment/sessions/${encodeURIComponent(sessionId.trim())}`));
    } catch (err) {
      setError(message(err));
    }
  };
  const refund = async (e: FormEvent) => {
    e.preventDefault();
    if (!session) return;
    setError(undefined);
    try {
      await postJson(
        '/v1/refunds',
        {
          session_id: session.session_id,
          ...(value.trim() && { amount: { value: value.trim(), currency: session.amount.currency } }),
          ...(reason.trim() && { reason: reason.trim() }),
          ...(destination.trim() && { destination_address: destination.trim() }),
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      setValue('');
      setReason('');
      setDestination('');
      setSession(await getJson<Session>(`/v1/payment/sessions/${encodeURIComponent(session.session_id)}`));
      await load();
    } catch (err) {
      setError(message(err));
    }
  };

  return (
    <section className="screen" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      <form className="convert" onSubmit={(e) => void find(e)}>
        <label>
          Session
          <input value={sessionId} onChange={(e) => setSessionId(e.target.value)} placeholder="ps_…" required />
        </label>
        <button type="submit">Find</button>
      </form>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {session ? (
        <form className="card endpoint-form" onSubmit={(e) => void refund(e)} aria-label="New refund">
          <p>
            {formatMoney(session.amount)} · {session.status}
            {session.exception ? ` (${session.exception})` : ''} · received {formatMoney(session.amount_received)} · refunded{' '}
            {formatMoney(session.amount_refunded)}
          </p>
          {session.exception === 'OVERPAID' ? (
            <p>
              Overpaid by {formatMoney(excess(session))}.{' '}
              <button type="button" className="secondary" onClick={() => setValue(excess(session).value)}>
                Refund just the excess
              </button>
            </p>
          ) : null}
          <label>
            Amount to refund ({session.amount.currency}; empty for everything left on the payment)
            <input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
          </label>
          <label>
            Reason
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </label>
          <label>
            Send to another address (if the customer paid from an exchange)
            <input value={destination} onChange={(e) => setDestination(e.target.value)} placeholder={`The customer's ${paidOn(session, networks)} address`} />
          </label>
          <button type="submit">Refund</button>
        </form>
      ) : null}
      <h3>Recent refunds</h3>
      {refunds.length === 0 ? <p className="muted">None yet.</p> : null}
      <ul className="endpoints">
        {refunds.map((r) => (
          <RefundRow key={r.id} r={r} networks={networks} onChange={() => void load()} />
        ))}
      </ul>
    </section>
  );
}
