/**
 * Where customers' phones open the hosted payment page (`payment_url`'s base, from GET /health), and
 * whether they can: on a loopback address they cannot, so the till shows the wallet QR codes only.
 * The address is set where the app starts (`--public-url`), not here: it is also the host the app
 * answers for (docs/security.md), which a web page must not be able to change.
 */
import type { Health } from '../api-types.js';
import { isLoopbackUrl } from '../cashier/payment-page.js';
import { useApi } from '../use-api.js';

export function PaymentPageAddress() {
  const url = useApi<Health>('/health').data?.payment_page_url;
  if (!url) return null;
  const local = isLoopbackUrl(url);
  return (
    <div className="card">
      <h3 id="payment-page-title">Payment page</h3>
      <p>
        Customers' phones open the payment page at <code>{url}</code>.
      </p>
      {local ? (
        <>
          <p>
            Only this computer can open that address, so the till and the customer display do not show the payment page's QR code. Customers pay by
            scanning the wallet QR code, which works without it.
          </p>
          <p>
            To show it, start the app with an address customers' phones can reach: this computer's address on the shop's Wi-Fi (
            <code>stablepos serve --host 0.0.0.0 --public-url http://192.168.1.20:8420</code>, with this computer's own address), or a public HTTPS
            address that forwards to the app (<code>--public-url https://pay.example.com</code>). Customers on mobile data need the public one. The
            desktop app serves this computer only.
          </p>
        </>
      ) : (
        <p>Customers' phones can reach it: the till and the customer display show its QR code. It is set when the app starts (--public-url).</p>
      )}
    </div>
  );
}
