/**
 * The till: type an amount, charge, show the QR codes, follow the payment live to a clear outcome.
 * Laid out for a 1024×768 tablet first (keypad and Charge on one screen), and for a phone.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Merchant } from '../api-types.js';
import { formatMoney } from '../format.js';
import { useApi } from '../use-api.js';
import { HostedPageQr } from './HostedPageQr.js';
import { Outcome } from './Outcome.js';
import { PaidScreen } from './PaidScreen.js';
import { paidSoundOn, setPaidSoundOn } from './paid-sound.js';
import { useReadiness } from './readiness.js';
import { useSale } from './sale.js';
import { ShiftBar } from './ShiftBar.js';
import { TipChoice } from './TipChoice.js';
import { WalletChoice } from './WalletChoice.js';
import './till.css';
import { displayQuery, rememberTillMode } from '../till-id.js';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD', 'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL', 'USDT', 'USDC'];
const SCALE: Record<string, number> = { JPY: 0, VND: 0, USDT: 6, USDC: 6 };
const scaleOf = (currency: string) => SCALE[currency] ?? 2;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', '⌫'] as const;

/** Whether `text` is an amount the API will take in this currency (digits, at most its decimals). */
export function validAmount(text: string, currency: string): boolean {
  const scale = scaleOf(currency);
  const pattern = scale === 0 ? /^(0|[1-9]\d{0,14})$/ : new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${scale}})?$`);
  return pattern.test(text) && /[1-9]/.test(text);
}

function Countdown({ until }: { until: string }) {
  const { t } = useTranslation('cashier');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return (
    <p className="countdown">
      <Trans t={t} i18nKey="sale.expiresIn" values={{ time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` }} components={{ time: <span className="countdown-time" /> }} />
    </p>
  );
}

/** Esc: cancels a sale nothing was paid for yet, or leaves a finished one for the next. */
function useEscape(action: (() => void) | undefined): void {
  useEffect(() => {
    if (!action) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [action]);
}

function LiveSale() {
  const { t } = useTranslation('cashier');
  const { status, paymentUrl, reconnecting, error, cancel, newSale, chargeAgain, tipOffer, tipping, chooseTip } = useSale();
  const title = useRef<HTMLHeadingElement>(null);
  const pending = status?.status === 'PENDING';
  const open = pending || status?.status === 'PROCESSING';
  const cancelable = pending && /^0(\.0+)?$/.test(status?.amount_received.value ?? '');
  // The tip comes before the payment codes, while nothing has been paid (the API refuses it after).
  const askTip = cancelable && tipOffer !== undefined;
  const tipped = status !== undefined && !/^0(\.0+)?$/.test(status.tip.value);
  const onEscape = useCallback(() => (cancelable ? void cancel() : open ? undefined : newSale()), [cancelable, open, cancel, newSale]);
  useEscape(status ? onEscape : undefined);
  // Charge lands on the sale: focus its heading, so a screen reader reads the amount and Tab goes on from here.
  const shown = status !== undefined;
  useEffect(() => {
    if (shown) title.current?.focus();
  }, [shown]);
  if (!status || !paymentUrl) return <p className="muted">{t('sale.creating')}</p>;
  if (status.status === 'SUCCEEDED') return <PaidScreen status={status} newSale={newSale} />;
  return (
    <section className="sale" aria-labelledby="sale-title">
      <div className="sale-head">
        <div className="sale-amount">
          <h2 id="sale-title" ref={title} tabIndex={-1}>
            {formatMoney(status.amount_total)}
          </h2>
          {tipped ? <p className="muted tip-included">{t('tip.included', { tip: formatMoney(status.tip) })}</p> : null}
          {pending ? <Countdown until={status.expires_at} /> : null}
        </div>
        <div className="sale-actions">
          {cancelable ? (
            <button type="button" className="secondary" onClick={() => void cancel()}>
              {t('actions.cancel', { ns: 'common' })}
            </button>
          ) : null}
          <button type="button" onClick={newSale}>
            {t('sale.newSale')}
          </button>
        </div>
      </div>
      {reconnecting ? <p className="muted" role="status">{t('sale.reconnecting')}</p> : null}
      {error ? <p className="error" role="alert">{error}</p> : null}
      {/* While the customer chooses a tip there is nothing to scan yet: no "Waiting for payment" card. */}
      {askTip ? null : <Outcome status={status} chargeAgain={() => void chargeAgain()} />}
      {askTip ? (
        <TipChoice amount={status.amount} offer={tipOffer} busy={tipping} choose={(value) => void chooseTip(value)} />
      ) : pending ? (
        status.payment_options.length ? (
          <section className="sale-pay" aria-labelledby="sale-wallet-title">
            <h3 id="sale-wallet-title">{t('sale.scan')}</h3>
            <WalletChoice
              options={status.payment_options}
              qrSize={300}
              remember
              aside={
                <>
                  <h3>{t('sale.orPaymentPage')}</h3>
                  <HostedPageQr paymentUrl={paymentUrl} size={280} hint={t('sale.paymentPageHint')} />
                </>
              }
            />
          </section>
        ) : (
          <p className="error">{t('sale.noNetworkReady')}</p>
        )
      ) : null}
    </section>
  );
}

function SoundSetting() {
  const { t } = useTranslation('cashier');
  const [on, setOn] = useState(paidSoundOn);
  return (
    <label className="sound-setting">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => {
          setPaidSoundOn(e.target.checked);
          setOn(e.target.checked);
        }}
      />
      {t('entry.sound')}
    </label>
  );
}

/** `merchant`: the shop, undefined until loaded (Charge waits for it); `loadError`: why it could not be. */
function AmountEntry({ merchant, loadError }: { merchant: Merchant | undefined; loadError: string | undefined }) {
  const { t } = useTranslation('cashier');
  const { phase, error: saleError, charge } = useSale();
  const error = saleError ?? loadError;
  const readiness = useReadiness();
  const defaultCurrency = merchant?.settings.default_currency ?? 'USD';
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const chosen = currency ?? defaultCurrency;
  const ok = validAmount(amount, chosen);
  const press = (key: (typeof KEYS)[number]) => setAmount((a) => (key === '⌫' ? a.slice(0, -1) : a.length < 18 ? a + key : a));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ok && merchant && readiness.ready !== false) void charge(merchant.merchant_id, { value: amount, currency: chosen }, description, merchant.settings.tips);
  };
  useEscape(
    useCallback(() => {
      setAmount('');
      setDescription('');
    }, []),
  );
  const ordered = [defaultCurrency, ...CURRENCIES.filter((c) => c !== defaultCurrency)];
  return (
    <form className="entry" onSubmit={submit} aria-labelledby="entry-title">
      <h2 id="entry-title" className="offscreen">
        {t('entry.title')}
      </h2>
      <div className="entry-side">
        <div className="entry-fields">
          <label>
            {t('entry.amount')}
            <input className="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value.trim())} placeholder="0.00" autoFocus />
          </label>
          <label>
            {t('entry.currency')}
            <select value={chosen} onChange={(e) => setCurrency(e.target.value)}>
              {ordered.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
        </div>
        <label className="description">
          {t('entry.description')}
          <input value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} placeholder={t('entry.descriptionExample')} />
        </label>
      </div>
      <div className="keypad" role="group" aria-label={t('entry.keypad')}>
        {KEYS.map((k) => (
          <button key={k} type="button" className="key" onClick={() => press(k)} aria-label={k === '⌫' ? t('entry.delete') : k}>
            {k}
          </button>
        ))}
      </div>
      <div className="entry-charge">
        {amount && !ok ? <p className="error">{t('entry.badAmount', { count: scaleOf(chosen), currency: chosen })}</p> : null}
        {error ? <p className="error" role="alert">{error}</p> : null}
        {readiness.ready === false ? (
          <p className="error" id="charge-blocked">
            {readiness.reason}
          </p>
        ) : null}
        <button type="submit" className="charge" disabled={!ok || phase === 'charging' || !merchant || readiness.ready === false} aria-describedby={readiness.ready === false ? 'charge-blocked' : undefined}>
          {phase === 'charging' ? t('entry.charging') : t('entry.charge')}
        </button>
        <SoundSetting />
        <p className="muted display-hint">
          <Trans
            t={t}
            i18nKey="entry.displayLink"
            values={{ query: displayQuery(merchant?.livemode) }}
            components={{ a: <a href={`#/display?${displayQuery(merchant?.livemode)}`} target="_blank" rel="noopener" />, code: <code /> }}
          />
        </p>
      </div>
    </form>
  );
}

export function CashierScreen() {
  const { phase } = useSale();
  // Loaded while the till is open, not again for each sale.
  const merchant = useApi<Merchant>('/v1/merchant');
  // A display window on this device follows the till's mode from the moment the till opens in it.
  const livemode = merchant.data?.livemode;
  useEffect(() => {
    if (livemode !== undefined) rememberTillMode(livemode);
  }, [livemode]);
  return (
    <div className="cashier">
      {phase === 'live' ? (
        <LiveSale />
      ) : (
        <>
          <ShiftBar />
          <AmountEntry merchant={merchant.data} loadError={merchant.error} />
        </>
      )}
    </div>
  );
}
