/** A session's status and route in the words a shop uses, never the API's codes ("PENDING · UNDERPAID"). */
import type { Network, Session } from '../api-types.js';
import { i18n } from '../i18n/index.js';
import type en from '../i18n/en/transactions.json';
import { networkName } from '../networks.js';

type StatusCode = keyof typeof en.statusWord;
type ExceptionCode = keyof typeof en.exception;
const isStatus = (s: string): s is StatusCode => ['PENDING', 'PROCESSING', 'SUCCEEDED', 'EXPIRED', 'CANCELED'].includes(s);
const isException = (s: string): s is ExceptionCode => ['UNDERPAID', 'OVERPAID', 'PAID_LATE'].includes(s);

/** A status code as a word ("Paid"); a code the app does not know yet as the API writes it. */
export function statusWord(status: string): string {
  return isStatus(status) ? i18n.t(`transactions:statusWord.${status}`) : status;
}

/** "Waiting — underpaid", "Paid — overpaid", "Paid (accepted by the owner)". */
export function statusWords(s: Pick<Session, 'status' | 'exception' | 'resolved_by'>): string {
  const status = statusWord(s.status);
  const exception = s.exception ? (isException(s.exception) ? i18n.t(`transactions:exception.${s.exception}`) : (s.exception as string).toLowerCase()) : undefined;
  const state = exception ? i18n.t('transactions:status.withException', { status, exception }) : status;
  return s.resolved_by ? i18n.t('transactions:status.accepted', { state }) : state;
}

/** The coins and networks a session was paid with: "USDT on Ethereum", or "—". */
export function paidWith(s: Pick<Session, 'payments'>, networks: readonly Network[]): string {
  const routes = s.payments
    .filter((p) => p.status !== 'orphaned')
    .map((p) => i18n.t('transactions:route', { coin: p.currency, network: networkName(networks, p.network) }));
  return [...new Set(routes)].join(', ') || '—';
}
