import { describe, expect, it } from 'vitest';
import { relativeDay } from './relative-day';

const now = Date.parse('2026-11-29T12:00:00Z');
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

describe('relativeDay', () => {
  it('says yesterday and days ago in the page’s language', () => {
    expect(relativeDay('en', daysAgo(1), now)).toBe('Yesterday');
    expect(relativeDay('en', daysAgo(3), now)).toBe('3 days ago');
    expect(relativeDay('de', daysAgo(1), now)).toBe('Gestern');
    expect(relativeDay('de', daysAgo(3), now)).toBe('Vor 3 Tagen');
    expect(relativeDay('fr', daysAgo(3), now)).toBe('Il y a 3 jours');
    expect(relativeDay('es', daysAgo(1), now)).toBe('Ayer');
  });

  it('writes an older date in the language’s short form', () => {
    expect(relativeDay('de', '2026-11-01T12:00:00Z', now)).toBe('1.11.2026');
    expect(relativeDay('en', '2026-11-01T12:00:00Z', now)).toBe('11/1/2026');
  });
});
