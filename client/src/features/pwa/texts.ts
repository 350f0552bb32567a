import type { ResourceLanguage } from 'i18next';
import type { Language } from '@contract/languages';
import english from '@/locales/en/pwa.json';
import german from '@/locales/de/pwa.json';
import french from '@/locales/fr/pwa.json';
import spanish from '@/locales/es/pwa.json';
import { i18n, useTranslation } from '@/lib/i18n/i18n';

/**
 * The offline screen's and the update prompt's words (issue 44), namespace `pwa`, in all four
 * languages at once: the offline screen is drawn when the server cannot be reached, so its words
 * cannot wait for a language's chunk. Five short sentences a language, bundled with the feature.
 */
const ALL: Record<Language, ResourceLanguage[string]> = { en: english, de: german, fr: french, es: spanish };
for (const [language, texts] of Object.entries(ALL)) {
  if (!i18n.hasResourceBundle(language, 'pwa')) i18n.addResourceBundle(language, 'pwa', texts);
}

export const usePwaTexts = () => useTranslation('pwa');
