/**
 * One deposit in the inbox: what arrived (amount, coin or raw token, network, sender, time, its
 * transaction), why it paid no sale, and — while unmatched — the three ways to resolve it, each
 * confirmed in plain words first: count it toward a sale (the likely one suggested), send it back to
 * the sender, or dismiss it with a note. While it is being sent back, the refund's state instead.
 */
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError, postJson } from '../api.js';
import type { Deposit, Network, Session, SessionPage } from '../api-types.js';
import type { Confirmation } from '../ConfirmDialog.js';
import { CopyButton } from '../CopyButton.js';
import { coinAmount, formatMoney } from '../format.js';
import { dateFormat } from '../i18n/locale-format.js';
import { networkName } from '../networks.js';
import { FindSale } from '../refunds/FindSale.js';
import { sessionState } from '../session-words.js';
import { useApi } from '../use-api.js';
import { pickLikelySale, searchDecimal } from './likely-sale.js';
import { RefundUnderWay } from './RefundUnderWay.js';
import { holdsMoney, useDepositRefund } from './use-deposit-refund.js';

/** A long base58 or hex address, shortened for the eye; the whole one is in the title and copied. */
/** As the other screens write a moment: date and time to the minute, in the UI's language. */
const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

const short = (text: string) => (text.length > 14 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text);

interface Props {
  deposit: Deposit;
  networks: readonly Network[];
  confirm: (c: Confirmation) => Promise<boolean>;
  onResolved: () => void;
}

export function DepositCard({ deposit: d, networks, confirm, onResolved }: Props) {
  const { t } = useTranslation('deposits');
  const [picking, setPicking] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const network = networkName(networks, d.network);
  const amount = d.currency ? formatMoney({ value: coinAmount(d.amount), currency: d.currency }) : t('rawAmount', { amount: d.amount, contract: short(d.token_contract) });
  // A refund already sent back (or sending back) the money: no other way to resolve it meanwhile.
  const { refund: sentBack, reading } = useDepositRefund(d.status === 'unmatched' ? d.refund_id : null, onResolved);
  const open = d.status === 'unmatched' && !reading && !(sentBack && holdsMoney(sentBack));
  // Money moves only on a settled chain fact: counting it toward a sale or sending it back waits for the
  // network's confirmations (the API says 409 deposit_unconfirmed); dismissing moves none. A coin by a
  // contract the network does not offer (wrong_asset) never counts toward a sale: it can only go back.
  const settled = d.confirmed;
  const countable = d.currency !== null && d.reason !== 'wrong_asset' && settled;

  // A token the app does not take is never counted toward a sale: nothing to suggest. A suggestion
  // only: none when the sales cannot be read (an error leaves `data` undefined).
  const sales = useApi<SessionPage>(open && countable ? `/v1/payment/sessions?${new URLSearchParams({ search: searchDecimal(d.amount), limit: '20' })}` : null);
  const likely = sales.data ? pickLikelySale(d, sales.data.items) : undefined;

  const act = async (path: string, body: unknown, confirmation: Confirmation) => {
    if (!(await confirm(confirmation))) return;
    setBusy(true);
    setError(undefined);
    try {
      await postJson(`/v1/deposits/${encodeURIComponent(d.id)}/${path}`, body, { 'idempotency-key': crypto.randomUUID() });
      onResolved();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      // Resolved meanwhile elsewhere (another till, a refund already under way): read it again, so the
      // card shows what happened beside the API's refusal instead of offering the action again.
      if (err instanceof ApiError && err.code === 'invalid_state') onResolved();
    } finally {
      setBusy(false);
    }
  };

  const saleWords = (s: Session) =>
    t('sale', { amount: formatMoney(s.amount), state: sessionState(s), when: when(s.created_at), description: s.description ?? '—' });

  const attribute = (s: Session) =>
    act(
      'attribute',
      { session_id: s.session_id },
      { title: t('attribute.title'), body: <p>{t('attribute.body', { amount, network, sale: saleWords(s) })}</p>, confirm: t('attribute.confirm', { amount }) },
    );
  const refund = () =>
    act('refund', {}, {
      title: t('refund.title'),
      // The whole address, set apart, to compare with the customer's: as the Refunds screen's confirmation shows it.
      body: (
        <p>
          <Trans t={t} i18nKey="refund.body" values={{ amount, network, to: d.from }} components={{ strong: <strong />, address: <code className="address" /> }} />
        </p>
      ),
      confirm: t('refund.confirm', { amount }),
    });
  const noNote = note.trim() === '';
  const dismiss = (e: FormEvent) => {
    e.preventDefault();
    void act('dismiss', { note: note.trim() }, { title: t('dismiss.title'), body: <p>{t('dismiss.body', { amount, note: note.trim() })}</p>, confirm: t('dismiss.confirm') });
  };

  return (
    <article className="card deposit" aria-label={t('cardName', { amount, network })}>
      <h3>
        {amount} <span className="muted">{t('onNetwork', { network })}</span>
      </h3>
      <p>{t(`reason.${d.reason}`)}</p>
      <dl className="facts">
        <dt>{t('from')}</dt>
        <dd>
          <code title={d.from}>{short(d.from)}</code> <CopyButton text={d.from} label={t('copySender')} />
        </dd>
        <dt>{t('arrived')}</dt>
        <dd>
          <time dateTime={d.block_time}>{when(d.block_time)}</time>
        </dd>
        <dt>{t('transaction')}</dt>
        <dd>
          {d.explorer_url ? (
            <a href={d.explorer_url} target="_blank" rel="noopener noreferrer" title={d.tx_hash}>
              {short(d.tx_hash)}
            </a>
          ) : (
            <code title={d.tx_hash}>{short(d.tx_hash)}</code>
          )}
        </dd>
        {!d.currency ? (
          <>
            <dt>{t('token')}</dt>
            <dd>
              <code title={d.token_contract}>{short(d.token_contract)}</code> {t('notTaken')}
            </dd>
          </>
        ) : null}
      </dl>
      {d.status === 'attributed' && d.session_id ? <p role="status">{t('outcome.attributed', { session: d.session_id })}</p> : null}
      {d.status === 'refunded' ? <p role="status">{t('outcome.refunded', { refund: d.refund_id ?? '' })}</p> : null}
      {d.status === 'dismissed' ? <p role="status">{t('outcome.dismissed', { note: d.note ?? '' })}</p> : null}
      {d.status === 'orphaned' ? <p role="status">{t('outcome.orphaned')}</p> : null}
      {open && !settled ? <p role="status">{t('unconfirmed', { count: d.confirmations })}</p> : null}
      {d.status === 'unmatched' && sentBack ? <RefundUnderWay refund={sentBack} /> : null}
      {open ? (
        <>
          {countable && likely ? (
            <p className="likely">
              {t('likely', { sale: saleWords(likely) })}{' '}
              <button type="button" disabled={busy} onClick={() => void attribute(likely)}>
                {t('attribute.toLikely')}
              </button>
            </p>
          ) : null}
          <div className="actions">
            {countable ? (
              <button type="button" className="secondary" disabled={busy} aria-expanded={picking} onClick={() => setPicking(!picking)}>
                {t('attribute.other')}
              </button>
            ) : null}
            {d.currency && settled ? (
              <button type="button" className="secondary" disabled={busy} onClick={() => void refund()}>
                {t('refund.button')}
              </button>
            ) : null}
            <button type="button" className="secondary" disabled={busy} aria-expanded={dismissing} onClick={() => setDismissing(!dismissing)}>
              {t('dismiss.button')}
            </button>
          </div>
          {picking && countable ? <FindSale onPick={(s) => s && void attribute(s)} /> : null}
          {dismissing ? (
            <form className="convert dismiss-note" aria-label={t('dismiss.form')} onSubmit={dismiss}>
              <label>
                {t('dismiss.note')}
                <input value={note} onChange={(e) => setNote(e.target.value)} required maxLength={500} placeholder={t('dismiss.placeholder')} />
              </label>
              {/* Disabled until there is a note, and says so: a disabled button alone does not tell why. */}
              <button type="submit" disabled={busy || noNote} aria-describedby={noNote ? `${d.id}-note-needed` : undefined}>
                {t('dismiss.submit')}
              </button>
              {noNote ? (
                <p id={`${d.id}-note-needed`} className="muted hint">
                  {t('dismiss.noteNeeded')}
                </p>
              ) : null}
            </form>
          ) : null}
          {!d.currency ? <p className="muted">{t('unsupportedHint')}</p> : null}
        </>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}
