/**
 * The languages the UI is written in, and which one this device uses.
 *
 * The choice is per device (localStorage), like the chime: one till may serve Spanish-speaking
 * customers while the back-office computer stays in English. Until someone chooses, the browser's
 * language decides (any `es-*` → Spanish), else English.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'stablepos.language';

function isLanguage(value: string | null | undefined): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/** The device's saved choice, else the first of the browser's languages the UI has, else English. */
export function initialLanguage(): Language {
  const saved = window.localStorage.getItem(STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  for (const tag of window.navigator.languages ?? [window.navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function saveLanguage(language: Language): void {
  window.localStorage.setItem(STORAGE_KEY, language);
}
