import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@contract/languages';
import { requestLanguage } from '../../lib/request-language';
import { mailLanguage, mailNumber, mailText } from './mail-texts';

type Texts = { [key: string]: string | Texts };
const flatten = (texts: Texts, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
const catalogue = (language: string) => new Map(flatten(JSON.parse(readFileSync(new URL(`../../locales/${language}/mail.json`, import.meta.url), 'utf8')) as Texts));
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort().join();

describe('mail texts (issue 44)', () => {
  const english = catalogue('en');

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} has every English mail text, no other, none empty, with the same values`, () => {
      const texts = catalogue(language);
      expect([...english.keys()].filter((key) => !texts.has(key)), 'missing').toEqual([]);
      expect([...texts.keys()].filter((key) => !english.has(key)), 'not in English').toEqual([]);
      expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key), 'empty').toEqual([]);
      expect([...texts].filter(([key, text]) => variables(text) !== variables(english.get(key)!)).map(([key]) => key), 'values differ').toEqual([]);
    });
  }

  it('writes a text in the language asked for, falling back to nothing English lacks', () => {
    expect(mailText('de', 'reset.subject')).toBe('Setzen Sie Ihr Genie-Passwort zurück');
    expect(mailText('en', 'reset.subject')).toBe('Reset your Genie password');
  });

  it('takes the account’s language first, then the request’s, then English', () => {
    expect(mailLanguage('fr', 'de')).toBe('fr');
    expect(mailLanguage(null, 'de')).toBe('de');
    expect(mailLanguage('xx', null)).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
  });

  it('reads the best language Genie speaks from Accept-Language, by weight', () => {
    expect(requestLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(requestLanguage('ja, es;q=0.5, de;q=0.7')).toBe('de');
    expect(requestLanguage('en-US;q=0.4, it')).toBe('en');
    expect(requestLanguage('de;q=0, ja')).toBe(null);
    expect(requestLanguage(undefined)).toBe(null);
  });

  it('writes numbers as English always did, and as each other language does', () => {
    expect(mailNumber('en', 1234567)).toBe('1,234,567');
    expect(mailNumber('de', 1234567)).toBe('1.234.567');
  });
});
