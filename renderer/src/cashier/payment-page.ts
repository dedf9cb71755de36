/**
 * Whether a customer's phone can open the hosted payment page. Its address is the core's public URL
 * (`--public-url`), else the address the core listens on; on loopback only this computer reaches it,
 * and a QR code of it would send the customer's phone nowhere. Such a QR code is not drawn at all
 * (the till says why instead: `sale.paymentPageLocalOnly` in the cashier catalog).
 */

/** Loopback: `localhost` (and its subdomains), 127.0.0.0/8, `[::1]`. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/\.$/, '');
  } catch {
    return true; // not a URL at all: nobody can open it
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
