/** A session's status and route in the words a shop uses, never the API's codes ("PENDING · UNDERPAID"). */
import type { Network } from '../api-types.js';
import { networkName } from '../networks.js';
import type { Session } from '../api-types.js';

const STATUS: Record<string, string> = {
  PENDING: 'Waiting',
  PROCESSING: 'Confirming',
  SUCCEEDED: 'Paid',
  EXPIRED: 'Expired',
  CANCELED: 'Canceled',
};

const EXCEPTION: Record<string, string> = {
  UNDERPAID: 'underpaid',
  OVERPAID: 'overpaid',
  PAID_LATE: 'paid late',
};

/** "Waiting — underpaid", "Paid — overpaid", "Paid (accepted by the owner)". */
export function statusWords(s: Pick<Session, 'status' | 'exception' | 'resolved_by'>): string {
  const status = STATUS[s.status] ?? s.status;
  const exception = s.exception ? ` — ${EXCEPTION[s.exception] ?? s.exception.toLowerCase()}` : '';
  return `${status}${exception}${s.resolved_by ? ' (accepted by the owner)' : ''}`;
}

/** The coins and networks a session was paid with: "USDT on Ethereum", or "—". */
export function paidWith(s: Pick<Session, 'payments'>, networks: readonly Network[]): string {
  const routes = s.payments.filter((p) => p.status !== 'orphaned').map((p) => `${p.currency} on ${networkName(networks, p.network)}`);
  return [...new Set(routes)].join(', ') || '—';
}
