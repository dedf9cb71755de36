/**
 * Where customers' phones open the hosted payment page (`payment_url`'s base, from GET /health), and
 * whether they can: on a loopback address they cannot, so the till shows the wallet QR codes only.
 * The address is set where the app starts (`--public-url`), not here: it is also the host the app
 * answers for (docs/security.md), which a web page must not be able to change.
 */
import { Trans, useTranslation } from 'react-i18next';
import type { Health } from '../api-types.js';
import { isLoopbackUrl } from '../cashier/payment-page.js';
import { useApi } from '../use-api.js';

export function PaymentPageAddress() {
  const url = useApi<Health>('/health').data?.payment_page_url;
  const { t } = useTranslation('settings');
  if (!url) return null;
  const local = isLoopbackUrl(url);
  return (
    <div className="card">
      <h3 id="payment-page-title">{t('paymentPage.title')}</h3>
      <p>
        <Trans t={t} i18nKey="paymentPage.at" values={{ url }} components={{ code: <code /> }} />
      </p>
      {local ? (
        <>
          <p>{t('paymentPage.localOnly')}</p>
          <p>
            <Trans t={t} i18nKey="paymentPage.howTo" components={{ code: <code /> }} />
          </p>
        </>
      ) : (
        <p>{t('paymentPage.reachable')}</p>
      )}
    </div>
  );
}
