/** A session's gross, fee, refunds and net as the ledger booked them (the API's `booked`), per coin. */
import { formatMoney } from '../format.js';
import type { Booked } from '../api-types.js';

/** One column of `booked` for a table cell: "0.29 USDT", both coins when paid in two, "—" before it is paid. */
export function bookedSum(booked: readonly Booked[], part: 'fee' | 'net'): string {
  return booked.map((b) => formatMoney({ value: b[part], currency: b.currency })).join(' + ') || '—';
}

/** The detail's facts: what the customer paid, the fee, refunds and what the shop keeps, per coin. */
export function BookedFacts({ booked }: { booked: readonly Booked[] }) {
  if (booked.length === 0) {
    return (
      <>
        <dt>Fee</dt>
        <dd className="muted">None yet: fees are taken when the session is paid</dd>
      </>
    );
  }
  const money = (value: string, currency: string) => formatMoney({ value, currency });
  return (
    <>
      {booked.map((b) => (
        <div key={b.currency} className="facts-group">
          <dt>Paid in {b.currency}</dt>
          <dd>{money(b.gross, b.currency)}</dd>
          <dt>Fee</dt>
          <dd>{money(b.fee, b.currency)}</dd>
          {/^0\.0*$/.test(b.refunded) ? null : (
            <>
              <dt>Refunded from it</dt>
              <dd>{money(b.refunded, b.currency)}</dd>
            </>
          )}
          <dt>Net to you</dt>
          <dd>{money(b.net, b.currency)}</dd>
        </div>
      ))}
    </>
  );
}
