/**
 * What became of the sale, in words a cashier acts on: waiting; underpaid (amber, the rest due large,
 * what to do next); confirming; expired or canceled (with "Charge again" when nothing came in, or
 * what the owner can do with what did); paid late. Paid itself is the full-screen PaidScreen.
 */
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { coinAmount, formatMoney, subtractMoney } from '../format.js';
import type { PublicPayment, SaleStatus } from '../api-types.js';

/** The payments that count (not those a reorganisation dropped), each with its transaction. */
export function PaymentLines({ payments }: { payments: readonly PublicPayment[] }) {
  const { t } = useTranslation('cashier');
  const counted = payments.filter((p) => p.status !== 'orphaned');
  if (counted.length === 0) return null;
  return (
    <ul className="payment-lines" aria-label={t('outcome.payments')}>
      {counted.map((p, i) => (
        <li key={`${p.network}-${p.tx_hash}-${i}`}>
          {t('outcome.paymentOn', { amount: coinAmount(p.amount), currency: p.currency, network: p.network_name })}{' '}
          {p.explorer_url ? (
            <a href={p.explorer_url} target="_blank" rel="noopener noreferrer">
              {t('outcome.viewTransaction')}
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

export function Outcome({ status, chargeAgain }: { status: SaleStatus; chargeAgain: () => void }) {
  const { t } = useTranslation('cashier');
  const received = formatMoney(status.amount_received);
  const amount = formatMoney(status.amount_total);
  /** What the owner can do with money that came in for a sale that did not complete. */
  const ownerNext = t('outcome.ownerNext');
  const again = (
    <button type="button" onClick={chargeAgain}>
      {t('outcome.chargeAgain')}
    </button>
  );
  switch (status.status) {
    case 'PROCESSING': {
      const last = status.payments.filter((p) => p.status !== 'orphaned').at(-1);
      return (
        <Card tone="wait" title={t('outcome.confirming')}>
          <p>{last ? t('outcome.confirmations', { count: last.confirmations, network: last.network_name }) : status.detail}</p>
        </Card>
      );
    }
    case 'EXPIRED':
    case 'CANCELED': {
      const expired = status.status === 'EXPIRED';
      if (status.exception === 'UNDERPAID') {
        return (
          <Card tone="due" title={expired ? t('outcome.expiredUnderpaid') : t('outcome.canceledUnderpaid')}>
            <p>
              {t('outcome.receivedOf', { received, amount })} {ownerNext}
            </p>
            <PaymentLines payments={status.payments} />
          </Card>
        );
      }
      if (status.exception === 'PAID_LATE') {
        return (
          <Card tone="due" title={expired ? t('outcome.paidAfterExpired') : t('outcome.paidAfterCanceled')}>
            <p>
              {t('outcome.arrivedTooLate', { received })} {ownerNext}
            </p>
            <PaymentLines payments={status.payments} />
          </Card>
        );
      }
      return (
        <Card tone="bad" title={expired ? t('outcome.expired') : t('outcome.canceled')}>
          <p>{t('outcome.nothingPaid')}</p>
          {nothingReceived(status) ? again : null}
        </Card>
      );
    }
    default:
      return status.exception === 'UNDERPAID' ? (
        <Card tone="due" title={t('outcome.underpaid')}>
          <p className="due">
            <Trans t={t} i18nKey="outcome.stillDue" values={{ amount: formatMoney(subtractMoney(status.amount_total, status.amount_received)) }} components={{ due: <span className="due-amount" /> }} />
          </p>
          <p>{t('outcome.askForRest', { received, amount })}</p>
          <p>{t('outcome.restAnotherWay')}</p>
          <PaymentLines payments={status.payments} />
        </Card>
      ) : (
        <Card tone="wait" title={t('outcome.waiting')}>
          <p>{t('outcome.waitingHint')}</p>
        </Card>
      );
  }
}
