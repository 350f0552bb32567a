import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@contract/languages';
import { safeStorage } from '../storage-keys';

/** localStorage key of a visitor's choice on a public page (also kept after an account's choice). */
export const LANGUAGE_STORAGE_KEY = 'genieLanguage';

/** The first of the browser's languages (navigator.languages, as Accept-Language) that Genie speaks: `de-AT` is `de`. */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/** SPEC order of issue 44: the account's choice, else the one stored in this browser, else the browser's, else English. */
export function chooseLanguage(account: Language | null | undefined, stored: string | null, preferred: readonly string[]): Language {
  if (account) return account;
  if (isLanguage(stored)) return stored;
  return browserLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

/** The language for this browser before the account is known. */
export function visitorLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages;
  return chooseLanguage(null, safeStorage.get(LANGUAGE_STORAGE_KEY), preferred);
}
