/**
 * The refund a deposit is being sent back with. The deposit stays `unmatched` until that refund's
 * payout is confirmed (docs/payments.md, "Unmatched deposits"), so its card reads the refund itself to
 * show it under way instead of offering "Send back" again: nobody pays the sender twice (the API
 * refuses a second refund too, but the screen should not invite one).
 */
import { useEffect } from 'react';
import type { Refund } from '../api-types.js';
import { useApi, useRefresh } from '../use-api.js';

/** As the Refunds screen follows payouts: they move on their own (signed, sent, confirmed). */
const REFRESH_MS = 3000;

/** A refund that failed or was canceled sent nothing: the deposit's money is the shop's to resolve again. */
export const holdsMoney = (r: Pick<Refund, 'status'>): boolean => r.status !== 'FAILED' && r.status !== 'CANCELED';

/**
 * `refundId`: the deposit's `refund_id` while it is still `unmatched` (null: nothing to follow). Read
 * again every few seconds while it holds the money; `onSucceeded` once it has succeeded, when the
 * deposit is `refunded` (the same write marks both) and the list should be read again.
 */
export function useDepositRefund(refundId: string | null, onSucceeded: () => void): { refund: Refund | undefined; reading: boolean } {
  const loaded = useApi<Refund>(refundId === null ? null : `/v1/refunds/${encodeURIComponent(refundId)}`);
  const refund = loaded.data;
  const following = refund !== undefined && holdsMoney(refund) && refund.status !== 'SUCCEEDED';
  // No timer once it is settled: a refund that failed stays failed.
  useRefresh(following ? loaded : SETTLED, REFRESH_MS);
  const succeeded = refund?.status === 'SUCCEEDED';
  useEffect(() => {
    if (succeeded) onSucceeded();
  }, [succeeded, onSucceeded]);
  // Still being read the first time: the card offers no action until it knows whether one is under way.
  return { refund, reading: refundId !== null && refund === undefined && loaded.error === undefined };
}

/** What useRefresh is given when there is nothing to follow: "still loading" never starts its timer. */
export const SETTLED = { loading: true, reload: () => {} };
