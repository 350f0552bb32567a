import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@contract/languages';
import english from '@/locales/en/chat.json';
import { featureTexts } from '@/lib/i18n/feature-texts';
import { i18n } from '@/lib/i18n/i18n';

/** The chat's words (issue 44): `const { t } = useChatTexts()` in a component, `t('composer.send')`. */
export const useChatTexts = featureTexts('chat', english);

/**
 * A chat text outside React (a toast built in a hook): read when it is shown, so it is in the
 * language of that moment. Importing this module registers the chat's English first.
 */
export const chatText = (key: string, options: Record<string, unknown> = {}): string =>
  // "common:error" names its own namespace; any other key is the chat's.
  i18n.t(key.includes(':') ? key : `chat:${key}`, options);

/** The page's language, for Intl (dates, times, relative days). */
export const pageLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
