/** One refund as the Refunds screen lists it: status, payout, the manual payout's QR, its actions. */
import { type FormEvent, useState } from 'react';
import { postJson } from '../api.js';
import type { Confirmation } from '../ConfirmDialog.js';
import { CopyButton } from '../CopyButton.js';
import { coinAmount, formatMoney } from '../format.js';
import type { Network, Refund } from '../api-types.js';
import { networkName } from '../networks.js';
import { QrCode } from '../QrCode.js';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function RefundRow({
  r,
  networks,
  onChange,
  confirm,
}: {
  r: Refund;
  networks: readonly Network[];
  onChange: () => void;
  confirm: (c: Confirmation) => Promise<boolean>;
}) {
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
            const address = destination.trim();
            // The address decides where the money goes: said in full before the refund is paid to it.
            void confirm({
              title: 'Send this refund to this address?',
              body: (
                <p>
                  Send <strong>{formatMoney(r.amount)}</strong> on <strong>{network}</strong> to <code className="address">{address}</code>.
                </p>
              ),
              confirm: `Send ${formatMoney(r.amount)}`,
            }).then((yes) => yes && act(() => postJson(`/v1/refunds/${r.id}/confirm_destination`, { destination_address: address })));
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
