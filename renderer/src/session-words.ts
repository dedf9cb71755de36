/** A session's state as staff say it, not as the API codes it ("PENDING · UNDERPAID"). */
import type { Session } from './api-types.js';
import { i18n } from './i18n/index.js';

// Functions, not words: each is read in the language the UI has when the state is shown.
const STATUS: Record<string, () => string> = {
  PENDING: () => i18n.t('session.status.pending'),
  PROCESSING: () => i18n.t('session.status.processing'),
  SUCCEEDED: () => i18n.t('session.status.succeeded'),
  EXPIRED: () => i18n.t('session.status.expired'),
  CANCELED: () => i18n.t('session.status.canceled'),
};
const EXCEPTION: Record<string, () => string> = {
  UNDERPAID: () => i18n.t('session.exception.underpaid'),
  OVERPAID: () => i18n.t('session.exception.overpaid'),
  PAID_LATE: () => i18n.t('session.exception.paidLate'),
};

/** "Paid", "Expired, underpaid", "Paid (accepted by the owner)". */
export function sessionState(s: Pick<Session, 'status' | 'exception' | 'resolved_by'>): string {
  const status = STATUS[s.status]?.() ?? s.status.toLowerCase();
  const exception = s.exception ? (EXCEPTION[s.exception]?.() ?? s.exception.toLowerCase()) : undefined;
  const words = exception ? i18n.t('session.withException', { status, exception }) : status;
  const state = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return s.resolved_by ? i18n.t('session.acceptedByOwner', { state }) : state;
}
