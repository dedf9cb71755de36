/**
 * The hosted payment page's QR code, where a customer's phone can open it; on a loopback address
 * (the app's default, and always in the desktop app) one line saying why there is none.
 */
import { useTranslation } from 'react-i18next';
import { QrCode } from '../QrCode.js';
import { isLoopbackUrl } from './payment-page.js';

export function HostedPageQr({ paymentUrl, size, hint }: { paymentUrl: string; size: number; hint: string }) {
  const { t } = useTranslation('cashier');
  if (isLoopbackUrl(paymentUrl)) return <p className="muted local-only">{t('sale.paymentPageLocalOnly')}</p>;
  return (
    <div className="hosted-qr">
      <QrCode text={paymentUrl} label={t('sale.paymentPageQr')} size={size} />
      <p className="muted">{hint}</p>
    </div>
  );
}
