import { describe, expect, it } from 'vitest';
import { firstCutLevels, splitTsquery } from './first-cut';

describe('the first cut’s levels', () => {
  it('splits a tsquery at its top-level ANDs, keeping phrases, groups and quoted ampersands whole', () => {
    expect(splitTsquery(`'set' & 'http' <-> 'code' & ( 'a' | 'b' ) & !'draft' & 'at&t' & 'o''brien'`)).toEqual({
      positive: [`'set'`, `'http' <-> 'code'`, `( 'a' | 'b' )`, `'at&t'`, `'o''brien'`],
      negative: [`!'draft'`],
    });
    expect(splitTsquery('')).toEqual({ positive: [], negative: [] });
  });

  it('asks for all words, then all but one, then any two, then any one', () => {
    expect(firstCutLevels(`'a' & 'b' & 'c' & 'd'`)).toEqual([
      `('a') & ('b') & ('c') & ('d')`,
      `(('b') & ('c') & ('d')) | (('a') & ('c') & ('d')) | (('a') & ('b') & ('d')) | (('a') & ('b') & ('c'))`,
      `(('a') & ('b')) | (('a') & ('c')) | (('a') & ('d')) | (('b') & ('c')) | (('b') & ('d')) | (('c') & ('d'))`,
      `('a') | ('b') | ('c') | ('d')`,
    ]);
    expect(firstCutLevels(`'a' & 'b'`)).toEqual([`('a') & ('b')`, `('a') | ('b')`]);
    expect(firstCutLevels(`'a'`)).toEqual([`('a')`]);
  });

  it('keeps a negation on every level, and has none when only negations are asked', () => {
    expect(firstCutLevels(`'a' & 'b' & !'c'`)).toEqual([`(('a') & ('b')) & (!'c')`, `(('a') | ('b')) & (!'c')`]);
    expect(firstCutLevels(`!'c'`)).toEqual([]);
  });

  it('pairs only the first ten words of a long question (45 pairs)', () => {
    const words = Array.from({ length: 14 }, (_, i) => `'w${i}'`).join(' & ');
    const pairs = firstCutLevels(words)[2]!;
    expect(pairs.split(' | ')).toHaveLength(45);
    expect(pairs).not.toContain(`'w10'`);
  });
});
