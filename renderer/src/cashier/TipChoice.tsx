/**
 * The tip choices the till offers after the cashier charges, before the payment codes (tips on in
 * Settings; docs/ui.md, "Tips"): each preset with the amount it makes, a custom amount when the shop
 * allows one, and "No tip" as a choice of its own, not a way to skip. The till is turned to the
 * customer for it, so the words are the customer's.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Money } from '../format.js';
import type { TipSettings } from './sale.js';
import { presetTip, validTip } from './tip.js';

export function TipChoice({ amount, offer, busy, choose }: { amount: Money; offer: TipSettings; busy: boolean; choose: (value: string) => void }) {
  const { t } = useTranslation('cashier');
  const [custom, setCustom] = useState('');
  const scale = amount.value.split('.')[1]?.length ?? 0;
  const customOk = validTip(custom, scale) && /[1-9]/.test(custom);
  const submitCustom = (e: FormEvent) => {
    e.preventDefault();
    if (customOk) choose(custom);
  };
  return (
    <section className="tip-choice" aria-labelledby="tip-title">
      <h3 id="tip-title">{t('tip.title')}</h3>
      <p className="muted">{t('tip.hint', { amount: formatMoney(amount) })}</p>
      <div className="tip-presets" role="group" aria-label={t('tip.presets')}>
        {offer.percentages.map((p) => {
          const tip = presetTip(amount, p);
          return (
            <button key={p} type="button" className="tip-preset" disabled={busy} onClick={() => choose(tip.value)} aria-label={t('tip.presetLabel', { percent: p, tip: formatMoney(tip) })}>
              <span className="tip-percent">{t('tip.percent', { percent: p })}</span>
              <span className="tip-amount">{formatMoney(tip)}</span>
            </button>
          );
        })}
        <button type="button" className="tip-preset tip-none" disabled={busy} onClick={() => choose('0')}>
          {t('tip.none')}
        </button>
      </div>
      {offer.custom ? (
        <form className="tip-custom" onSubmit={submitCustom}>
          <label>
            {t('tip.customLabel', { currency: amount.currency })}
            <input inputMode="decimal" autoComplete="off" value={custom} onChange={(e) => setCustom(e.target.value.trim().replace(',', '.'))} placeholder={scale ? `0.${'0'.repeat(scale)}` : '0'} />
          </label>
          <button type="submit" disabled={busy || !customOk}>
            {t('tip.add')}
          </button>
          {custom && !validTip(custom, scale) ? <p className="error">{t('tip.badAmount', { count: scale, currency: amount.currency })}</p> : null}
        </form>
      ) : null}
    </section>
  );
}
