import { describe, expect, it } from 'vitest';
import { bestBodies, sentenceSpans, trimToSentences } from './passage-ranking';

describe('passages ranked and trimmed in process', () => {
  const pages = [
    'The finance team filed the travel claims for the northern office.',
    'The finance team filed the travel claims. The harbour crane on pier nine was repainted cobalt blue.',
    'The northern office closed early on Friday.',
  ];

  it('ranks the passage holding the rarer words of the question first, and says when none matches', () => {
    expect(bestBodies('What colour was the harbour crane repainted at the office?', pages, 2).map((r) => r.index)).toEqual([1, 0]);
    expect(bestBodies('Summarise this', pages, 2)).toEqual([
      { index: 0, score: 0 },
      { index: 1, score: 0 },
    ]);
  });

  it('cuts a body into sentences without splitting a decimal', () => {
    const body = 'Fees rose 3.5 percent. Notice is ninety days!\nThe end';
    expect(sentenceSpans(body).map((s) => body.slice(s.start, s.end))).toEqual(['Fees rose 3.5 percent.', 'Notice is ninety days!', 'The end']);
  });

  it('keeps the run of whole sentences that bears most on the question, within the length', () => {
    const body = 'One two three four. The crane was repainted blue. Five six seven eight. Nine ten eleven.';
    expect(trimToSentences(body, 'crane repainted', 40)).toBe('The crane was repainted blue.');
    // Room for two: the run that holds it, the earliest of equals.
    expect(trimToSentences(body, 'crane repainted', 50)).toBe('One two three four. The crane was repainted blue.');
    expect(trimToSentences(body, 'crane repainted', 200)).toBe(body);
    expect(trimToSentences(body, 'crane repainted', 10)).toBe('');
  });
});
