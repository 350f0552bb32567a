import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, TextCollector } from './text-collector';

/** The normalisation the old in-process extraction applied to a whole text at once. */
const wholeTextNormalised = (text: string) => text.replace(/\r\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();

function collect(chunks: string[], maxChars: number) {
  const collector = new TextCollector(maxChars);
  for (const chunk of chunks) if (!collector.push(chunk)) break;
  return collector;
}

describe('TextCollector', () => {
  it('normalises line ends, blank lines and the ends of the text', () => {
    const collector = collect(['\r\n  Title\r\n\r\n\r\n\r\nBody  line\n\n\n', '\nEnd \t\n'], 100);
    expect(collector.text).toBe('Title\n\nBody  line\n\nEnd');
    expect(collector.truncated).toBe(false);
    expect(collector.wordCount).toBe(4);
  });

  it('keeps the first maxChars characters and says it was cut once more text arrives', () => {
    const collector = collect(['word '.repeat(100)], 50);
    expect(collector.text).toBe('word '.repeat(10));
    expect(collector.truncated).toBe(true);
    expect(collector.wordCount).toBe(10);
  });

  it('is not cut when only whitespace follows the limit', () => {
    const collector = collect(['abcde', '   \n\n\n  '], 5);
    expect(collector.text).toBe('abcde');
    expect(collector.truncated).toBe(false);
  });

  it('asks to stop being fed as soon as it has more than it keeps', () => {
    const collector = new TextCollector(3);
    expect(collector.push('ab')).toBe(true);
    expect(collector.push('cd')).toBe(false);
    expect(collector.push('ef')).toBe(false);
    expect(collector.text).toBe('abc');
  });

  it('keeps a run of blank lines far longer than the limit to what the limit needs', () => {
    const collector = collect(['a', '\n'.repeat(1_000_000), 'b'], 10);
    expect(collector.text).toBe('a\n\nb');
  });

  it('keeps a long run of mixed whitespace to what the limit needs without normalising it twice', () => {
    // Found by the property below (seed 112183732): "\r\r\n" normalised once is "\r\n", twice "\n".
    const chunks = ['a\r\r', '\n\n\n', '\n\n\n', ' \r ', '  \n\n\n\n\n\n ', '\ta'];
    const collector = collect(chunks, 2);
    expect(collector.text).toBe('a\r');
    expect(collector.text).toBe(wholeTextNormalised(chunks.join('')).slice(0, 2));
    expect(collector.truncated).toBe(true);
  });

  it('gives the same text as normalising the whole text and cutting it, however the text is split', () => {
    const piece = fc.constantFrom('a', 'bc', ' ', '\t', '\n', '\r\n', '\r', '\r\r', '\n\n\n', '\n\n\n\n\n\n', '     ', 'é', '\u00a0', 'word ');
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), { maxLength: 12 }), fc.integer({ min: 1, max: 40 }), (chunks, maxChars) => {
        const whole = wholeTextNormalised(chunks.join(''));
        const collector = collect(chunks, maxChars);
        expect(collector.text).toBe(whole.slice(0, maxChars));
        expect(collector.truncated).toBe(whole.length > maxChars);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts words as runs of non-space', () => {
    expect(countWords('  one two\n\nthree\t four ')).toBe(4);
    expect(countWords('')).toBe(0);
  });
});
