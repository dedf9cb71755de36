/** A session's state as staff say it, not as the API codes it ("PENDING · UNDERPAID"). */
import type { Session } from './api-types.js';

const STATUS: Record<string, string> = {
  PENDING: 'waiting for payment',
  PROCESSING: 'paid, confirming',
  SUCCEEDED: 'paid',
  EXPIRED: 'expired',
  CANCELED: 'canceled',
};
const EXCEPTION: Record<string, string> = {
  UNDERPAID: 'underpaid',
  OVERPAID: 'overpaid',
  PAID_LATE: 'paid late',
};

/** "Paid", "Expired, underpaid", "Paid (accepted by the owner)". */
export function sessionState(s: Pick<Session, 'status' | 'exception' | 'resolved_by'>): string {
  const words = [STATUS[s.status] ?? s.status.toLowerCase(), ...(s.exception ? [EXCEPTION[s.exception] ?? s.exception.toLowerCase()] : [])].join(', ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${s.resolved_by ? ' (accepted by the owner)' : ''}`;
}
