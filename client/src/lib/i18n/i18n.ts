import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@contract/languages';

/**
 * The one i18next instance (issue 44). English is the source and is bundled, so the first render
 * (and the server render of /files, client/src/app/server-render.tsx) has every text at once;
 * another language's namespaces arrive as one chunk per file when that language is chosen, so a
 * visitor downloads only their own. client/src/locales/<lang>/<namespace>.json: one namespace per
 * feature, so people translating different features never edit the same file.
 */
// The shell's namespaces, needed by the first screen of any route. A feature's own namespace
// (chat, files, admin, ...) is not here: its English arrives in the feature's chunk through
// featureTexts (./feature-texts.ts), so the landing page does not carry the admin console's words.
const SHELL_NAMESPACES = ['common', 'errors', 'landing', 'auth', 'premium', 'profile'] as const;
const english = import.meta.glob<ResourceLanguage[string]>(
  ['../../locales/en/common.json', '../../locales/en/errors.json', '../../locales/en/landing.json', '../../locales/en/auth.json', '../../locales/en/premium.json', '../../locales/en/profile.json'],
  { eager: true, import: 'default' },
);
const others = import.meta.glob<ResourceLanguage[string]>(['../../locales/*/*.json', '!../../locales/en/*.json'], { import: 'default' });

const namespaceOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const languageOf = (path: string) => path.split('/').at(-2) ?? '';

function bundle(files: Record<string, ResourceLanguage[string]>): ResourceLanguage {
  return Object.fromEntries(Object.entries(files).map(([path, texts]) => [namespaceOf(path), texts]));
}

const resources: Resource = { en: bundle(english) };
export const NAMESPACES: readonly string[] = SHELL_NAMESPACES;

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: 'common',
  // English is here already: init finishes synchronously, before anything renders.
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes every text it renders.
  returnEmptyString: false,
  saveMissing: true,
  // A key no language has (English included) would show as its key: said in the console, where
  // languages.e2e.ts listens. A key only English has is the locales check's to catch.
  missingKeyHandler: (languages, namespace, key) => {
    console.warn(`i18n missing key: ${languages.join(',')} ${namespace}:${key}`);
  },
});

/**
 * A feature's English, added when the feature's chunk is first imported (before it renders), so
 * i18next has it synchronously as it has the shell's. Another language's copy of the namespace is
 * loaded with the rest of that language by applyLanguage.
 */
export function registerEnglish(namespace: string, texts: ResourceLanguage[string]): void {
  if (!i18n.hasResourceBundle(DEFAULT_LANGUAGE, namespace)) i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, texts);
}

/** Loads `language`'s namespaces (once) and makes it the page's language, `<html lang>` included. */
export async function applyLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'common')) {
    const files = Object.entries(others).filter(([path]) => languageOf(path) === language);
    const loaded = await Promise.all(files.map(async ([path, load]) => [namespaceOf(path), await load()] as const));
    for (const [namespace, texts] of loaded) i18n.addResourceBundle(language, namespace, texts, true, true);
  }
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

// Components take the hook from here, so whatever renders them (the browser, the server render of
// /files, a unit test) has initialised the instance first.
export { useTranslation } from 'react-i18next';
