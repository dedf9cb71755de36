/**
 * What became of the refund a waiting deposit was sent back with: under way (its state in the Refunds
 * screen's words, and where to follow it), or failed or canceled, when nothing was sent and the
 * deposit can be resolved again.
 */
import { useTranslation } from 'react-i18next';
import type { Refund } from '../api-types.js';
import { holdsMoney } from './use-deposit-refund.js';

const STATES = ['REQUIRES_ACTION', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELED'] as const;
type State = (typeof STATES)[number];
const isState = (s: string): s is State => (STATES as readonly string[]).includes(s);

export function RefundUnderWay({ refund: r }: { refund: Refund }) {
  const { t } = useTranslation('deposits');
  const { t: tr } = useTranslation('refunds');
  const state = isState(r.status) ? tr(`status.${r.status}`) : r.status;
  if (r.status === 'SUCCEEDED') return <p role="status">{t('outcome.refunded', { refund: r.id })}</p>;
  if (holdsMoney(r)) {
    return (
      <p role="status" className="refund-under-way">
        {t('refunding.underWay', { state, refund: r.id })} <a href="#/refunds">{t('refunding.follow')}</a>
      </p>
    );
  }
  return (
    <p className="error">
      {r.status === 'FAILED' ? t('refunding.failed', { refund: r.id, reason: (r.failure_reason ?? '—').replace(/_/g, ' ') }) : t('refunding.canceled', { refund: r.id })}
    </p>
  );
}
