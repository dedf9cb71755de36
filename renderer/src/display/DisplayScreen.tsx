/**
 * The customer-facing display (`/display`, or the app's second window): the sale the till has up,
 * what is still due (large), the wallet QR code of the network and coin the customer picks (the
 * bare address and the exact amount where the network has no URI every wallet scans: TRON), the
 * payment page's QR code where a phone can reach it, and the sale's status, with nothing the customer
 * should not see. Public endpoints only. A finished sale (paid, expired, canceled) stays up a few
 * seconds, then the display says Welcome again, whether or not the till has moved on; a paid sale
 * shows the QR of its receipt page (/pay/{id}/receipt) and stays longer, so the customer can scan it.
 * It speaks the language of its own device (a window or browser of its own: docs/ui.md, "Languages").
 * It follows one mode's display: live unless its address says `mode=test` (or, on the till's own
 * device, the till last used test mode); in test mode it says so on screen, so no customer takes a
 * rehearsal for a real sale.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiBaseUrl } from '../api.js';
import { isLoopbackUrl } from '../cashier/payment-page.js';
import { PaidCheck } from '../cashier/PaidCheck.js';
import type { DisplayShown, SaleStatus } from '../api-types.js';
import { WalletChoice } from '../cashier/WalletChoice.js';
import { formatMoney, subtractMoney } from '../format.js';
import { QrCode } from '../QrCode.js';
import '../cashier/till.css';
import { displayMode, displayTillId, TILL_MODE_KEY } from '../till-id.js';

/** How long a finished sale stays on the display before Welcome. */
const FINISHED_SHOWN_MS = 8_000;
/** A paid sale with its receipt QR stays longer: the customer takes out a phone to scan it (until the till puts up the next sale). */
const RECEIPT_SHOWN_MS = 45_000;

/** The public receipt page (/pay/{id}/receipt): the payment page's address, which a phone reaches, with /receipt. */
const receiptUrlOf = (paymentUrl: string): string => `${paymentUrl.replace(/\/+$/, '')}/receipt`;

const finished = (s: SaleStatus | undefined) => s?.status === 'SUCCEEDED' || s?.status === 'EXPIRED' || s?.status === 'CANCELED';

/** What the display says of a sale that is no longer waiting (the checkout feed's words, translated). */
function finishedText(t: TFunction<'display'>, s: SaleStatus): string {
  const late = s.exception === 'PAID_LATE';
  if (s.status === 'PROCESSING') return t('status.confirming');
  if (s.status === 'EXPIRED') return late ? t('status.expiredPaidLate') : t('status.expired');
  if (s.status === 'CANCELED') return late ? t('status.canceledPaidLate') : t('status.canceled');
  return s.status_text;
}

function Welcome() {
  const { t } = useTranslation('display');
  return (
    <main className="display display-idle">
      <h1 className="display-title">{t('welcome')}</h1>
      <p className="muted">{t('payWithCoins')}</p>
    </main>
  );
}

/** Which mode's display this page follows; without `mode=` in its address, it follows this device's till. */
function useDisplayMode(): 'live' | 'test' {
  const [mode, setMode] = useState(() => displayMode().mode);
  useEffect(() => {
    if (displayMode().given) return;
    // Another window of this device (the till) changed mode: the storage event says so.
    const onStorage = (e: StorageEvent) => {
      if (e.key === TILL_MODE_KEY) setMode(displayMode().mode);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return mode;
}

export function DisplayScreen() {
  const mode = useDisplayMode();
  const screen = <SaleOnDisplay mode={mode} />;
  if (mode === 'live') return screen;
  return (
    <div className="display-test">
      <TestModeBanner />
      {screen}
    </div>
  );
}

function TestModeBanner() {
  const { t } = useTranslation('display');
  return (
    // A landmark of its own, as the app's test mode banner, so a screen reader's landmark list reaches it.
    <aside aria-label={t('testModeLandmark')}>
      <p className="banner display-test-mode" role="note">
        {t('testMode')}
      </p>
    </aside>
  );
}

function SaleOnDisplay({ mode }: { mode: 'live' | 'test' }) {
  const { t } = useTranslation('display');
  const [current, setCurrent] = useState<DisplayShown>({ session_id: null, payment_url: null, livemode: mode === 'live' });
  const [status, setStatus] = useState<SaleStatus>();
  const [doneWith, setDoneWith] = useState<string>();

  useEffect(() => {
    // This till's slot in this mode: one display per till and mode, not one for the whole shop.
    const url = new URL('/display/current', apiBaseUrl);
    url.searchParams.set('till', displayTillId());
    url.searchParams.set('mode', mode);
    const feed = new EventSource(url);
    feed.addEventListener('display', (e) => setCurrent((JSON.parse((e as MessageEvent<string>).data) as { data: DisplayShown }).data));
    return () => {
      feed.close();
      setCurrent({ session_id: null, payment_url: null, livemode: mode === 'live' });
    };
  }, [mode]);

  useEffect(() => {
    setStatus(undefined);
    if (!current.session_id) return;
    const feed = new EventSource(new URL(`/pay/${encodeURIComponent(current.session_id)}/stream`, apiBaseUrl));
    feed.addEventListener('session', (e) => setStatus((JSON.parse((e as MessageEvent<string>).data) as { data: SaleStatus }).data));
    return () => feed.close();
  }, [current.session_id]);

  const over = finished(status);
  // The receipt QR only where a phone can open it (as the payment page's QR).
  const receiptUrl = current.payment_url && !isLoopbackUrl(current.payment_url) ? receiptUrlOf(current.payment_url) : null;
  const shownMs = status?.status === 'SUCCEEDED' && receiptUrl ? RECEIPT_SHOWN_MS : FINISHED_SHOWN_MS;
  useEffect(() => {
    if (!over || !status) return;
    const id = status.session_id;
    const timer = setTimeout(() => setDoneWith(id), shownMs);
    return () => clearTimeout(timer);
  }, [over, status, shownMs]);

  if (!current.session_id || !current.payment_url || !status || doneWith === status.session_id) return <Welcome />;
  if (status.status === 'SUCCEEDED') {
    return (
      <main className="display display-paid" aria-live="polite">
        <PaidCheck />
        <h1 className="display-title">{t('paidThanks')}</h1>
        <p className="display-amount">{formatMoney(status.amount)}</p>
        {receiptUrl ? (
          <div className="display-receipt">
            <QrCode text={receiptUrl} label={t('receiptQr')} size={240} />
            <p>{t('scanForReceipt')}</p>
          </div>
        ) : null}
      </main>
    );
  }
  if (status.status === 'PENDING') {
    const underpaid = status.exception === 'UNDERPAID';
    const due = underpaid ? subtractMoney(status.amount, status.amount_received) : status.amount;
    // The payment page's QR code only where a phone can open it; the customer needs no word about it.
    const link = isLoopbackUrl(current.payment_url) ? null : (
      <div className="display-link">
        <QrCode text={current.payment_url} label={t('paymentPageQr')} size={280} />
        <p>{t('orPaymentPage')}</p>
      </div>
    );
    return (
      <main className={`display display-pending${underpaid ? ' display-underpaid' : ''}`} aria-live="polite">
        <div className="display-due">
          {underpaid ? <p className="display-due-label">{t('stillToPay')}</p> : null}
          <h1 className="display-amount">{formatMoney(due)}</h1>
          {underpaid ? (
            <p>{t('receivedOf', { received: formatMoney(status.amount_received), amount: formatMoney(status.amount) })}</p>
          ) : null}
        </div>
        {status.payment_options.length ? (
          <section className="display-wallets" aria-labelledby="display-wallets-title">
            <h2 id="display-wallets-title">{t('scan')}</h2>
            {/* The display faces the customer: a copy button would copy onto the till's computer. */}
            <WalletChoice options={status.payment_options} qrSize={360} copy={false} aside={link} />
          </section>
        ) : (
          link
        )}
      </main>
    );
  }
  return (
    <main className="display" aria-live="polite">
      <h1 className="display-amount">{formatMoney(status.amount)}</h1>
      <p className="display-title">{finishedText(t, status)}</p>
    </main>
  );
}
