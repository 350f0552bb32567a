import { describe, expect, it } from 'vitest';
import { continuationPiece } from './continuation';

describe('continuationPiece', () => {
  it('puts a space between two words that would run together', () => {
    expect(continuationPiece('The first part of the story', 'and the end.')).toBe(' and the end.');
  });
  it('adds nothing where there is whitespace already, before punctuation, or to an empty side', () => {
    expect(continuationPiece('The story ', 'and the end.')).toBe('and the end.');
    expect(continuationPiece('The story', ' and the end.')).toBe(' and the end.');
    expect(continuationPiece('The story', '\n\nChapter two')).toBe('\n\nChapter two');
    expect(continuationPiece('The story', ', and the end.')).toBe(', and the end.');
    expect(continuationPiece('(see the story', ') and the end.')).toBe(') and the end.');
    expect(continuationPiece('', 'Start')).toBe('Start');
    expect(continuationPiece('The story', '')).toBe('');
  });
});
