import i18next, { type TOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@contract/languages';
import de from '../../locales/de/mail.json';
import en from '../../locales/en/mail.json';
import es from '../../locales/es/mail.json';
import fr from '../../locales/fr/mail.json';

/**
 * Every mail Genie sends, in the recipient's language (issue 44): server/locales/<language>/mail.json,
 * English the source and exactly the text mailed before. The server's own i18next instance, apart
 * from the client's; plain text, so nothing is escaped.
 */
const texts = i18next.createInstance();
void texts.init({
  resources: { en: { mail: en }, de: { mail: de }, fr: { mail: fr }, es: { mail: es } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['mail'],
  defaultNS: 'mail',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

/** One text of a mail (`reset.subject`) in `language`, the values put in. */
export const mailText = (language: Language, key: string, values: TOptions = {}): string => texts.t(key, { ...values, lng: language });

/**
 * The language a mail is written in: the recipient's account's choice, else the language of the
 * request that caused the mail (a sign-up, an invitation to a new address), else English.
 */
export function mailLanguage(account: string | null | undefined, request?: Language | null): Language {
  if (isLanguage(account)) return account;
  return request ?? DEFAULT_LANGUAGE;
}

/** Numbers in a mail the language's way; English keeps the "1,234" it always had. */
export const mailNumber = (language: Language, value: number) => value.toLocaleString(language === 'en' ? 'en-US' : language);
