import type { ResourceLanguage } from 'i18next';
import { registerEnglish, useTranslation } from './i18n';

/**
 * A feature's own namespace (issue 44): its English is registered when the feature's module is
 * imported, so it travels in the feature's chunk and is there before the feature's first render
 * (in the browser, in the server's drawing of /files, in a unit test). Use it in the feature's
 * `texts.ts`:
 *
 *   import english from '@/locales/en/chat.json';
 *   export const useChatTexts = featureTexts('chat', english);
 *
 * and in a component `const { t } = useChatTexts();`, then `t('send')` for the feature's own words
 * and `t('common:cancel')` for a word the shell already has.
 */
export function featureTexts(namespace: string, english: ResourceLanguage[string]) {
  registerEnglish(namespace, english);
  return () => useTranslation([namespace, 'common']);
}
