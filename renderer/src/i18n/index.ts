/**
 * The UI's internationalisation: i18next with react-i18next (docs/ui.md, "Languages"). Imported once,
 * first, by main.tsx; components read text with `useTranslation(namespace)`.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, saveLanguage, type Language } from './languages.js';
import { defaultNS, resources } from './resources.js';

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  defaultNS,
  ns: Object.keys(resources.en),
  // React escapes what it renders; escaping here too would show "&amp;" in shop names.
  interpolation: { escapeValue: false },
  // The catalogs are bundled: init completes synchronously, so the first render is already translated.
  initAsync: false,
});
document.documentElement.lang = i18n.language;

/** Switches the UI's language on this device, now and at the next start. */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
