/**
 * A paid sale fills the screen in green with a check mark: unmistakable from across the counter,
 * unlike a card among others. Lists every payment (a sale paid in two goes shows both), explains an
 * overpayment, offers the receipt's print (ReceiptPrint.tsx), and the next sale, focused, so Enter
 * starts it.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney, subtractMoney } from '../format.js';
import { PaymentLines } from './Outcome.js';
import { PaidCheck } from './PaidCheck.js';
import { ReceiptPrint } from './ReceiptPrint.js';
import type { SaleStatus } from '../api-types.js';

export function PaidScreen({ status, newSale }: { status: SaleStatus; newSale: () => void }) {
  const { t } = useTranslation('cashier');
  return (
    <section className="paid-screen" role="status" aria-labelledby="paid-title">
      <PaidCheck />
      <p id="paid-title" className="paid-title">
        {t('paid.title')}
      </p>
      <p className="paid-amount">{formatMoney(status.amount_total)}</p>
      {status.exception === 'OVERPAID' ? (
        <p>{t('paid.overpaid', { received: formatMoney(status.amount_received), extra: formatMoney(subtractMoney(status.amount_received, status.amount_total)) })}</p>
      ) : null}
      {status.exception === 'PAID_LATE' ? <p>{t('paid.paidLate')}</p> : null}
      <PaymentLines payments={status.payments} />
      <ReceiptPrint sessionId={status.session_id} />
      <button type="button" className="paid-next" onClick={newSale} autoFocus>
        {t('paid.newSale')}
      </button>
    </section>
  );
}
