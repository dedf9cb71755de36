/** One refund as the Refunds screen lists it: status, payout, the manual payout's QR, its actions. */
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { postJson } from '../api.js';
import type { Confirmation } from '../ConfirmDialog.js';
import { CopyButton } from '../CopyButton.js';
import type { Network, Refund } from '../api-types.js';
import { coinAmount } from '../format.js';
import { dateFormat, money as formatMoney } from '../i18n/locale-format.js';
import { networkName } from '../networks.js';
import { QrCode } from '../QrCode.js';

const when = dateFormat({ dateStyle: 'short', timeStyle: 'short' });
const STATUSES = ['REQUIRES_ACTION', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELED'] as const;
const isStatus = (s: string): s is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(s);
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
  const { t } = useTranslation('refunds');
  const act = (f: () => Promise<unknown>) => void f().then(onChange, (err: unknown) => setError(message(err)));
  return (
    <li className="card">
      <p>
        <Trans t={t} i18nKey="row.line" values={{ amount: formatMoney(r.amount), network, address: r.destination_address }} components={{ strong: <strong />, code: <code className="address" /> }} />
        {' · '}
        <span className={`badge badge-${r.status.toLowerCase()}`}>{isStatus(r.status) ? t(`status.${r.status}`) : r.status}</span>{' '}
        <span className="muted">{r.session_id !== null ? t('row.meta', { date: when(r.created_at), session: r.session_id.slice(0, 14) }) : t('row.metaDeposit', { date: when(r.created_at), deposit: (r.deposit_id ?? '').slice(0, 14) })}</span>
      </p>
      {r.failure_reason ? <p className="error">{t('row.failed', { reason: r.failure_reason.replace(/_/g, ' ') })}</p> : null}
      {r.payout.tx_hash ? (
        <p className="muted">
          <Trans
            t={t}
            i18nKey="row.transaction"
            values={{ hash: r.payout.tx_hash.slice(0, 14), confirmations: r.payout.confirmations, required: r.payout.confirmations_required }}
            components={{
              tx: r.payout.explorer_url ? (
                // Trans fills it with the hash.
                <a href={r.payout.explorer_url} target="_blank" rel="noopener noreferrer" title={r.payout.tx_hash} />
              ) : (
                <code title={r.payout.tx_hash} />
              ),
            }}
          />
        </p>
      ) : null}
      {r.status === 'PENDING' && r.payout.method === 'manual' && r.payout.qr ? (
        <div className="option">
          <QrCode
            text={r.payout.qr.payload}
            label={r.payout.qr.content === 'address' ? t('row.qrAddress', { network }) : t('row.qrAmount', { amount: `${coinAmount(r.amount.value)} ${r.amount.currency}` })}
            size={160}
          />
          <div className="option-body">
            <p>{t('row.noKey')}</p>
            {/* An address QR (TRON: TronLink iOS rejects tron:) tells the wallet only where to send; any wallet can be typed into. */}
            <p className="option-exact">
              <span className="option-exact-label">{t('row.sendExactly')}</span> <strong className="option-exact-amount">{coinAmount(r.amount.value)} {r.amount.currency}</strong>
              <CopyButton text={coinAmount(r.amount.value)} label={t('row.copyAmount')} />
            </p>
            <p className="option-network">{t('row.onNetwork', { network })}</p>
            {r.destination_address ? (
              <p className="option-address-line">
                <span className="address">{r.destination_address}</span>
                <CopyButton text={r.destination_address} label={t('row.copyAddress')} />
              </p>
            ) : null}
            {r.payout.qr.content === 'address' ? <p className="option-hint">{t('row.addressOnly')}</p> : null}
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
              title: t('confirm.addressTitle'),
              body: (
                <p>
                  <Trans
                    t={t}
                    i18nKey="confirm.toAddress"
                    values={{ amount: formatMoney(r.amount), network, address }}
                    components={{ strong: <strong />, address: <code className="address" /> }}
                  />
                </p>
              ),
              confirm: t('confirm.send', { amount: formatMoney(r.amount) }),
            }).then((yes) => yes && act(() => postJson(`/v1/refunds/${r.id}/confirm_destination`, { destination_address: address })));
          }}
        >
          <p>{r.next_action.message}</p>
          <label>
            {t('row.customerAddress')}
            <input value={destination} onChange={(e) => setDestination(e.target.value)} required />
          </label>
          <button type="submit">{t('row.confirmAddress')}</button>
        </form>
      ) : null}
      {r.status === 'PENDING' || r.status === 'REQUIRES_ACTION' ? (
        <button type="button" className="secondary" onClick={() => act(() => postJson(`/v1/refunds/${r.id}/cancel`, {}))}>
          {t('row.cancel')}
        </button>
      ) : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
    </li>
  );
}
