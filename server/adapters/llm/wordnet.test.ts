import { describe, expect, it } from 'vitest';
import { editDistance, lookupWord, suggestWords, wordAskedAbout } from './wordnet';

describe('WordNet', () => {
  it('finds a lemma through its inflection', async () => {
    const cities = await lookupWord('cities');
    expect(cities!.lemma).toBe('city');
    expect(cities!.senses[0]!.definition).toBe('a large and densely populated urban area; may include several independent administrative districts');
    const running = await lookupWord('running', 20);
    expect(new Set(running!.senses.map((s) => s.partOfSpeech))).toEqual(new Set(['noun', 'adjective', 'verb']));
  });

  it('suggests close spellings, most common first', async () => {
    expect(await suggestWords('recieve')).toEqual(['receive', 'relieve', 'receiver']);
    expect(await suggestWords('zzqxv')).toEqual([]);
  });

  it('finds the word a question asks about', () => {
    expect(['define serendipity', 'What does ephemeral mean?', 'meaning of ice cream', 'What is an axolotl?', 'Ubiquitous'].map(wordAskedAbout)).toEqual([
      'serendipity',
      'ephemeral',
      'ice cream',
      'axolotl',
      'Ubiquitous',
    ]);
  });

  it('finds the word asked about when the question quotes a sentence after it', () => {
    expect(wordAskedAbout('what does ephemeral mean in this sentence: "the joy of the holidays was brief and fleeting"')).toBe('ephemeral');
    expect(wordAskedAbout('What is the meaning of "ubiquitous" in "phones are ubiquitous now"?')).toBe('ubiquitous');
    expect(wordAskedAbout('Define candor as used here: she spoke with candor about the budget.')).toBe('candor');
    expect(wordAskedAbout('In the sentence "the plan was moot", what does moot mean?')).toBe('moot');
  });

  it('measures edits, counting a swap as one', () => {
    expect(editDistance('teh', 'the', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('abc', 'xyzuvw', 1)).toBe(2);
  });
});
