import type { defaultNS, resources } from './resources.js';

// Type-checks every `t('key')` against the English catalog (i18next's documented augmentation).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['en'];
  }
}
