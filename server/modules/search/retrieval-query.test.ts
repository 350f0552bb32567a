import { describe, expect, it } from 'vitest';
import {
  QUERY_TERMS_MAX,
  QUERY_TEXT_MAX_CHARS,
  QUESTION_TAIL_CHARS,
  retrievalQuery,
  splitTsquery,
  textsToParse,
  textToEmbed,
} from './retrieval-query';

const levelsOf = (parsed: string) => retrievalQuery(parsed)?.levels ?? [];
/** How many lexemes a tsquery text names. */
const lexemeCount = (text: string) => (text.match(/'(?:[^']|'')*'/g) ?? []).length;

describe('the first cut’s levels', () => {
  it('splits a tsquery at its top-level ANDs, keeping phrases, groups and quoted ampersands whole', () => {
    expect(splitTsquery(`'set' & 'http' <-> 'code' & ( 'a' | 'b' ) & !'draft' & 'at&t' & 'o''brien'`)).toEqual({
      positive: [`'set'`, `'http' <-> 'code'`, `( 'a' | 'b' )`, `'at&t'`, `'o''brien'`],
      negative: [`!'draft'`],
    });
    expect(splitTsquery('')).toEqual({ positive: [], negative: [] });
  });

  it('asks for all words, then all but one, then any two, then any one', () => {
    expect(levelsOf(`'a' & 'b' & 'c' & 'd'`)).toEqual([
      `('a') & ('b') & ('c') & ('d')`,
      `(('b') & ('c') & ('d')) | (('a') & ('c') & ('d')) | (('a') & ('b') & ('d')) | (('a') & ('b') & ('c'))`,
      `(('a') & ('b')) | (('a') & ('c')) | (('a') & ('d')) | (('b') & ('c')) | (('b') & ('d')) | (('c') & ('d'))`,
      `('a') | ('b') | ('c') | ('d')`,
    ]);
    expect(levelsOf(`'a' & 'b'`)).toEqual([`('a') & ('b')`, `('a') | ('b')`]);
    expect(levelsOf(`'a'`)).toEqual([`('a')`]);
    expect(retrievalQuery(`'a' & 'b'`)).toEqual({ all: `('a') & ('b')`, levels: [`('a') & ('b')`, `('a') | ('b')`], any: `('a') | ('b')` });
  });

  it('keeps a negation on every level, and has none when only negations are asked', () => {
    expect(levelsOf(`'a' & 'b' & !'c'`)).toEqual([`(('a') & ('b')) & (!'c')`, `(('a') | ('b')) & (!'c')`]);
    expect(retrievalQuery(`!'c'`)).toBeNull();
    expect(retrievalQuery('')).toBeNull();
  });

  it('pairs only the first ten terms of a long question (45 pairs), and leaves out "all but one" past twelve', () => {
    const words = Array.from({ length: 14 }, (_, i) => `'w${i}'`).join(' & ');
    const levels = levelsOf(words);
    expect(levels).toHaveLength(3);
    expect(levels[1]!.split(' | ')).toHaveLength(45);
    expect(levels[1]).not.toContain(`'w10'`);
  });
});

describe('a query bounded whatever the text’s length (issue 38)', () => {
  /** n distinct lexemes, AND-ed as websearch_to_tsquery writes them. */
  const manyWords = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `'${prefix}${i}'`).join(' & ');

  it('keeps at most 24 terms of 3,300, and each level stays small', () => {
    const query = retrievalQuery(manyWords(3_300))!;
    expect(lexemeCount(query.all)).toBe(QUERY_TERMS_MAX);
    expect(lexemeCount(query.any)).toBe(QUERY_TERMS_MAX);
    expect(query.levels.map(lexemeCount)).toEqual([24, 90, 24]);
  });

  it('keeps the question’s terms first, then the longest of the rest', () => {
    const parsed = `${manyWords(40, 'x')} & 'extraordinarili' & 'termin' & 'notic'`;
    const query = retrievalQuery(parsed, `'termin' & 'notic'`)!;
    const kept = query.all.match(/'[^']*'/g)!;
    expect(kept.slice(0, 3)).toEqual([`'notic'`, `'termin'`, `'extraordinarili'`]);
    expect(kept).toHaveLength(QUERY_TERMS_MAX);
  });

  it('takes a phrase of more than eight words apart into its words', () => {
    const phrase = Array.from({ length: 30 }, (_, i) => `'p${i}'`).join(' <-> ');
    const query = retrievalQuery(`${phrase} & 'q'`)!;
    expect(query.all).not.toContain('<->');
    expect(lexemeCount(query.all)).toBe(QUERY_TERMS_MAX);
    expect(retrievalQuery(`'short' <-> 'phrase' & 'q'`)!.all).toBe(`('short' <-> 'phrase') & ('q')`);
  });

  it('keeps at most eight negations, each once', () => {
    const negations = Array.from({ length: 20 }, (_, i) => `!'n${i}'`).join(' & ');
    expect(lexemeCount(retrievalQuery(`'a' & ${negations} & !'n0'`)!.all)).toBe(9);
  });

  it('parses the end of a long text, and takes its last 200 characters as the question, from a word’s start', () => {
    const long = `${'alpha '.repeat(5_000)}what is the notice period?`;
    const { text, question } = textsToParse(long);
    expect(text.length).toBeLessThanOrEqual(QUERY_TEXT_MAX_CHARS);
    expect(text.endsWith('what is the notice period?')).toBe(true);
    expect(text.startsWith('alpha ')).toBe(true);
    expect(question.length).toBeLessThanOrEqual(QUESTION_TAIL_CHARS);
    expect(question.startsWith('alpha ')).toBe(true);
    expect(question.endsWith('notice period?')).toBe(true);
    expect(textsToParse('a short question')).toEqual({ text: 'a short question', question: 'a short question' });
    expect(textToEmbed('short')).toBe('short');
    expect(textToEmbed('word '.repeat(1_000)).length).toBeLessThanOrEqual(2_000);
  });
});
