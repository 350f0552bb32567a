import { describe, expect, it } from 'vitest';
import { formatBytes, plural } from './format';

describe('formatBytes', () => {
  it('counts in decimal units, so every page agrees (1 KB is 1000 bytes)', () => {
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1024)).toBe('1.02 KB');
    expect(formatBytes(3_500)).toBe('3.5 KB');
    expect(formatBytes(25e9)).toBe('25 GB');
    expect(formatBytes(104_857_600)).toBe('104.86 MB');
    expect(formatBytes(1.5e12)).toBe('1.5 TB');
  });
  it('writes small and empty sizes in bytes, and carries a rounded 1000 into the next unit', () => {
    expect(formatBytes(26)).toBe('26 Bytes');
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
    expect(formatBytes(999_999)).toBe('1 MB');
    expect(formatBytes(1_234_567, 1)).toBe('1.2 MB');
  });
});

describe('plural', () => {
  it('uses the singular only for exactly one', () => {
    expect(plural(1, 'chat')).toBe('1 chat');
    expect(plural(0, 'chat')).toBe('0 chats');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
    expect(plural(1204, 'file')).toBe('1,204 files');
  });
});

describe('formatBytes and plural in another language (issue 44)', () => {
  it('writes the figure with the language’s separator and its unit names', () => {
    expect(formatBytes(1_500_000, 2, 'de')).toBe('1,5 MB');
    expect(formatBytes(1_500_000, 2, 'fr')).toBe('1,5 Mo');
    expect(formatBytes(0, 2, 'fr')).toBe('0 octets');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
  });

  it('writes the count the language’s way, with the caller’s nouns', () => {
    expect(plural(1204, 'Datei', 'Dateien', 'de')).toBe('1.204 Dateien');
    expect(plural(1204, 'file')).toBe('1,204 files');
  });
});
