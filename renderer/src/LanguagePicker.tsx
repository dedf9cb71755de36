import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n/index.js';
import { LANGUAGES, type Language } from './i18n/languages.js';

/** The language of the UI on this device (sign-in screen and Settings). Each name in its own language. */
export function LanguagePicker({ id = 'language' }: { id?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-picker" htmlFor={id}>
      <span>{t('language.label')}</span>
      <select id={id} value={i18n.resolvedLanguage ?? 'en'} onChange={(e) => void changeLanguage(e.target.value as Language)} title={t('language.hint')}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
