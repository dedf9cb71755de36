/**
 * The shop's tip choices (docs/ui.md, "Tips"): on or off, up to three preset percentages and a custom
 * amount. Like the shop's other settings they reach live customers' tills, so only a live sign-in
 * changes them (PATCH /v1/merchant is live-only); in test mode the card shows them read-only.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patchJson } from '../api.js';
import type { Merchant } from '../api-types.js';

/** The preset fields: three, each empty or a percentage. */
const PRESETS = [0, 1, 2] as const;

export function TipsCard({ merchant, onSaved }: { merchant: Merchant; onSaved: (m: Merchant) => void }) {
  const { t } = useTranslation('settings');
  const readOnly = !merchant.livemode;
  const tips = merchant.settings.tips;
  const [enabled, setEnabled] = useState(tips.enabled);
  const [custom, setCustom] = useState(tips.custom);
  const [presets, setPresets] = useState(PRESETS.map((i) => (tips.percentages[i] === undefined ? '' : String(tips.percentages[i]))));
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const filled = presets.map((p) => p.trim().replace(',', '.')).filter((p) => p !== '');
    const percentages = filled.map(Number);
    // Said in the field's own words before the API's 400: more than 0, at most 100, 2 decimals.
    if (percentages.some((p) => !Number.isFinite(p) || p <= 0 || p > 100 || Math.round(p * 100) !== p * 100)) {
      return setStatus({ error: t('tips.presetLimits') });
    }
    if (new Set(percentages).size !== percentages.length) return setStatus({ error: t('tips.presetsDiffer') });
    try {
      const saved = await patchJson<Merchant>('/v1/merchant', { settings: { tips: { enabled, percentages, custom } } });
      onSaved(saved);
      setStatus({ ok: t('tips.saved') });
    } catch (err) {
      setStatus({ error: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <form className="card settings-form" onSubmit={(e) => void save(e)} aria-label={t('tips.title')}>
      <h3>{t('tips.title')}</h3>
      <p className="muted">{t('tips.note')}</p>
      {readOnly ? <p className="muted">{t('liveOnly.tips')}</p> : null}
      <fieldset disabled={readOnly} className="plain">
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('tips.enabled')}
        </label>
        {PRESETS.map((i) => (
          <label key={i}>
            {t('tips.preset', { n: i + 1 })}
            <input
              inputMode="decimal"
              value={presets[i]}
              placeholder={t('tips.presetPlaceholder')}
              onChange={(e) => setPresets(presets.map((p, j) => (j === i ? e.target.value : p)))}
            />
          </label>
        ))}
        <label className="check">
          <input type="checkbox" checked={custom} onChange={(e) => setCustom(e.target.checked)} />
          {t('tips.custom')}
        </label>
        {readOnly ? null : <button type="submit">{t('tips.save')}</button>}
      </fieldset>
      {status.ok ? <p role="status">{status.ok}</p> : null}
      {status.error ? <p className="error" role="alert">{status.error}</p> : null}
    </form>
  );
}
