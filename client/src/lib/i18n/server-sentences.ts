import { DEFAULT_LANGUAGE, isLanguage } from '@contract/languages';
import { formatNumber } from './format';
import { i18n, registerEnglish } from './i18n';

/**
 * The server's sentences in the page's language (issue 44). The server answers in SPEC's English;
 * contract/server-sentences.ts names each sentence it can say by a key, and
 * client/src/locales/<language>/server.json translates the key. Here a sentence is recognised by
 * its English (the values the server put in it read back out) and said again in the page's
 * language with those values. A sentence that is not in the catalogue is shown as the server wrote
 * it.
 *
 * The English catalogue is fetched only once the page is in another language: an English reader
 * reads the server's own text and never downloads it.
 */
type Texts = Record<string, string>;

interface Template {
  /** The key without its plural ending: i18next picks `_one`/`_other` from `count`. */
  key: string;
  pattern: RegExp;
  names: string[];
  /** Characters outside the {{values}}: the more, the more specific the template. */
  fixed: number;
}

interface Catalogue {
  exact: Map<string, string>;
  templates: Template[];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const VALUE = /\{\{(\w+)\}\}/g;
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

function compile(english: Texts): Catalogue {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [fullKey, text] of Object.entries(english)) {
    const key = fullKey.replace(PLURAL, '');
    const names = [...text.matchAll(VALUE)].map((m) => m[1]!);
    if (names.length === 0) {
      exact.set(text, key);
      continue;
    }
    // A value named twice ({{plan}} in "choosing {{plan}}") is read at its first place only.
    const source = text.split(VALUE).map((part, at) => (at % 2 === 0 ? escape(part) : '(.+?)')).join('');
    templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names, fixed: text.replace(VALUE, '').length });
  }
  templates.sort((a, b) => b.fixed - a.fixed);
  return { exact, templates };
}

let catalogue: Catalogue | null = null;
let loading: Promise<void> | null = null;

/** Fetches the English catalogue (once); resolves when sentences can be translated. */
export function loadServerSentences(): Promise<void> {
  loading ??= import('@/locales/en/server.json').then(({ default: english }) => {
    registerEnglish('server', english);
    catalogue = compile(english);
  });
  return loading;
}

const needsTranslation = (language: string) => isLanguage(language) && language !== DEFAULT_LANGUAGE;
if (needsTranslation(i18n.language)) void loadServerSentences();
i18n.on('languageChanged', (language) => {
  if (needsTranslation(language)) void loadServerSentences();
});

/** "1,234" as the server writes a number, in the page's way ("1.234"). */
const GROUPED_NUMBER = /^\d{1,3}(,\d{3})+$/;

function valueIn(text: string, name: string, known: Catalogue): string | number {
  if (name === 'count') return Number(text.replace(/,/g, ''));
  if (GROUPED_NUMBER.test(text) && isLanguage(i18n.language)) return formatNumber(i18n.language, Number(text.replace(/,/g, '')));
  return translate(text, known) ?? text;
}

function translate(text: string, known: Catalogue): string | null {
  const exactKey = known.exact.get(text);
  if (exactKey) return i18n.t(`server:${exactKey}`);
  for (const template of known.templates) {
    const found = template.pattern.exec(text);
    if (!found) continue;
    const values: Record<string, string | number> = {};
    template.names.forEach((name, at) => {
      values[name] ??= valueIn(found[at + 1]!, name, known);
    });
    return i18n.t(`server:${template.key}`, values);
  }
  return null;
}

/**
 * `sentence` in the page's language when the server's catalogue has it. A schema's message comes
 * as "field: message": the message is read first, so a general template ("{{name}} must be at
 * least {{min}}") does not take the field's name into a value; the field stays as it is.
 */
export function translatedServerSentence(sentence: string): string {
  if (!catalogue || !needsTranslation(i18n.language)) return sentence;
  const [, field, text] = /^([\w.[\]]+): (.*)$/s.exec(sentence) ?? [];
  const rest = text === undefined ? null : translate(text, catalogue);
  if (rest !== null) return `${field}: ${rest}`;
  return translate(sentence, catalogue) ?? sentence;
}
