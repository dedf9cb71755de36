/** A session's gross, fee, refunds and net as the ledger booked them (the API's `booked`), per coin. */
import { useTranslation } from 'react-i18next';
import type { Booked } from '../api-types.js';
import { money } from '../i18n/locale-format.js';

/** One column of `booked` for a table cell: "0.29 USDT", both coins when paid in two, "—" before it is paid. */
export function bookedSum(booked: readonly Booked[], part: 'fee' | 'net'): string {
  return booked.map((b) => money({ value: b[part], currency: b.currency })).join(' + ') || '—';
}

export const bookedFee = (booked: readonly Booked[]) => bookedSum(booked, 'fee');
export const bookedNet = (booked: readonly Booked[]) => bookedSum(booked, 'net');

/** The detail's facts: what the customer paid, the fee, refunds and what the shop keeps, per coin. */
export function BookedFacts({ booked }: { booked: readonly Booked[] }) {
  const { t } = useTranslation('transactions');
  if (booked.length === 0) {
    return (
      <>
        <dt>{t('booked.fee')}</dt>
        <dd className="muted">{t('booked.noFeeYet')}</dd>
      </>
    );
  }
  const coin = (value: string, currency: string) => money({ value, currency });
  return (
    <>
      {booked.map((b) => (
        <div key={b.currency} className="facts-group">
          <dt>{t('booked.paidIn', { currency: b.currency })}</dt>
          <dd>{coin(b.gross, b.currency)}</dd>
          <dt>{t('booked.fee')}</dt>
          <dd>{coin(b.fee, b.currency)}</dd>
          {/^0\.0*$/.test(b.refunded) ? null : (
            <>
              <dt>{t('booked.refundedFromIt')}</dt>
              <dd>{coin(b.refunded, b.currency)}</dd>
            </>
          )}
          <dt>{t('booked.net')}</dt>
          <dd>{coin(b.net, b.currency)}</dd>
        </div>
      ))}
    </>
  );
}
