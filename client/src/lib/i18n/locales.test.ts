import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@contract/languages';
import { untranslatedTexts } from './untranslated-text';

/**
 * Issue 44's check in `npm test`: every language has exactly English's keys, none empty, with the
 * same {{variables}}; and no component outside the pending list shows a text of its own.
 */
const src = fileURLToPath(new URL('../../', import.meta.url));
const localesDir = `${src}locales/`;

type Texts = { [key: string]: string | Texts };

/** "nav.why" → "Why Genie": every leaf of a namespace by its dotted key. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const namespaces = readdirSync(`${localesDir}en`).filter((name) => name.endsWith('.json'));
const read = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(`${localesDir}${language}/${namespace}`, 'utf8')) as Texts);
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
/** i18next's plural suffixes: a language may need forms English lacks (_few, _many) and not others. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/**
 * Components that still show English of their own, file by file, while a feature's translation is
 * under way: empty since every screen was translated (issue 44). A file put here must come off
 * when it is translated; the check fails for a file on the list that has become clean.
 */
const PENDING = new Set<string>([
]);

describe('translations', () => {
  it('has the same namespaces in every language', () => {
    for (const language of LANGUAGES) expect(readdirSync(`${localesDir}${language}`).sort(), language).toEqual([...namespaces].sort());
  });

  for (const namespace of namespaces) {
    const english = read('en', namespace);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${language}/${namespace} has every English key, no other, none empty, the same variables`, () => {
        const texts = read(language, namespace);
        const englishBases = new Set([...english.keys()].map(base));
        const languageBases = new Set([...texts.keys()].map(base));
        expect([...englishBases].filter((key) => !languageBases.has(key)), 'missing').toEqual([]);
        expect([...languageBases].filter((key) => !englishBases.has(key)), 'not in English').toEqual([]);
        expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key), 'empty').toEqual([]);
        const differing = [...texts].filter(([key, text]) => {
          const source = english.get(key) ?? english.get(`${base(key)}_other`) ?? '';
          return variables(source).join() !== variables(text).join();
        });
        expect(differing.map(([key]) => key), 'variables differ').toEqual([]);
      });
    }
  }
});

/**
 * HTML's void elements: react-i18next's Trans parses a translation as HTML, so a tag named like one
 * (`<link>Upgrade</link>`) is read as empty and its words vanish (the /team upgrade link had no text).
 */
const VOID_ELEMENTS = ['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'];

describe('Trans tags', () => {
  it('are never named like an HTML void element, whose words Trans would drop', () => {
    const voidTag = new RegExp(`<(${VOID_ELEMENTS.join('|')})>`);
    const found = LANGUAGES.flatMap((language) =>
      namespaces.flatMap((namespace) => [...read(language, namespace)].filter(([, text]) => voidTag.test(text)).map(([key]) => `${language}/${namespace}:${key}`)),
    );
    expect(found).toEqual([]);
  });
});

describe('components', () => {
  const files = ['features', 'components', 'app']
    .flatMap((dir) => readdirSync(`${src}${dir}`, { recursive: true, encoding: 'utf8' }).map((file) => `client/src/${dir}/${file}`))
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'));

  it('show no text of their own outside the pending list, and the list names only files that still do', () => {
    const untranslated = files.filter((file) => !PENDING.has(file) && untranslatedTexts(file, readFileSync(`${src}${file.slice('client/src/'.length)}`, 'utf8')).length > 0);
    const done = [...PENDING].filter((file) => !files.includes(file) || untranslatedTexts(file, readFileSync(`${src}${file.slice('client/src/'.length)}`, 'utf8')).length === 0);
    expect(untranslated, 'untranslated texts (use t(), or add to PENDING while a feature is under way)').toEqual([]);
    expect(done, 'translated or gone: take off PENDING').toEqual([]);
  });

  it('finds a JSX text and a visible attribute, not a class name or a brand', () => {
    const source = '<p className="mt-2" title="Close menu">Hello there <b>Genie</b>{t("x")}</p>';
    expect(untranslatedTexts('x.tsx', source).map((found) => found.text)).toEqual(['Close menu', 'Hello there']);
  });
});
