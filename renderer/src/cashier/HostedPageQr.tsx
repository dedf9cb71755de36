/**
 * The hosted payment page's QR code, where a customer's phone can open it; on a loopback address
 * (the app's default, and always in the desktop app) one line saying why there is none.
 */
import { QrCode } from '../QrCode.js';
import { isLoopbackUrl, PAYMENT_PAGE_LOCAL_ONLY } from './payment-page.js';

export function HostedPageQr({ paymentUrl, size, hint }: { paymentUrl: string; size: number; hint: string }) {
  if (isLoopbackUrl(paymentUrl)) return <p className="muted local-only">{PAYMENT_PAGE_LOCAL_ONLY}</p>;
  return (
    <div className="hosted-qr">
      <QrCode text={paymentUrl} label="QR code: payment link" size={size} />
      <p className="muted">{hint}</p>
    </div>
  );
}
