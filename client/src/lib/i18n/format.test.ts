import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatNumber } from './format';

describe('format', () => {
  it('writes numbers with each language’s separators', () => {
    expect(formatNumber('en', 1234.5)).toBe('1,234.5');
    expect(formatNumber('de', 1234.5)).toBe('1.234,5');
  });

  it('writes file sizes in binary steps with the language’s unit names', () => {
    expect(formatFileSize('en', 1536)).toBe('1.5 kB');
    expect(formatFileSize('de', 1536)).toBe('1,5 kB');
    expect(formatFileSize('en', 1)).toBe('1 byte');
    expect(formatFileSize('en', 20 * 1024 * 1024)).toBe('20 MB');
  });

  it('writes dates in the language', () => {
    expect(formatDate('fr', '2026-11-29T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('29 novembre 2026');
    expect(formatDate('es', '2026-11-29T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('29 de noviembre de 2026');
  });
});
