import { describe, expect, it } from 'vitest';
import { daysAgoText, formatCount, formatDate, formatPercent, formatStorage, formatUsd, lastActiveText, plural } from './format';

describe('profile formatting', () => {
  it('writes storage in decimal units, so SPEC §9 limit reads 25 GB', () => {
    expect(formatStorage(25e9)).toBe('25 GB');
    expect(formatStorage(5_000_003_842)).toBe('5 GB');
    expect(formatStorage(3_500)).toBe('3.5 KB');
    expect(formatStorage(26)).toBe('26 Bytes');
    expect(formatStorage(0)).toBe('0 Bytes');
    expect(formatStorage(1.5e12)).toBe('1.5 TB');
  });

  it('never shows a non-zero share as 0%', () => {
    expect(formatPercent(0, 25e9)).toBe('0%');
    expect(formatPercent(26, 25e9)).toBe('<0.1%');
    expect(formatPercent(5e9, 25e9)).toBe('20%');
    expect(formatPercent(1, 3)).toBe('33.3%');
    expect(formatPercent(5, 0)).toBe('0%');
  });

  it('says Today, Yesterday or the date for last active', () => {
    const now = new Date(2026, 10, 2, 15, 0);
    expect(lastActiveText(undefined, now)).toBe('Today');
    expect(lastActiveText(new Date(2026, 10, 2, 0, 5).toISOString(), now)).toBe('Today');
    expect(lastActiveText(new Date(2026, 10, 1, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(lastActiveText(new Date(2026, 9, 28, 12, 0).toISOString(), now)).toBe('October 28, 2026');
  });

  it('writes money, counts and days ago', () => {
    expect(formatUsd(248.99)).toBe('$248.99');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(3.3, 'message')).toBe('3.3 messages');
    expect(daysAgoText(0)).toBe('today');
    expect(daysAgoText(1)).toBe('yesterday');
    expect(daysAgoText(20)).toBe('20 days ago');
  });
});

describe('the profile’s formats in another language (issue 44)', () => {
  const now = new Date(2026, 10, 2, 12, 0);
  it('writes money, counts and dates the language’s way', () => {
    expect(formatUsd(1234.5, 'de')).toBe('1.234,50\u00a0$');
    expect(formatCount(1234567, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatDate('2026-10-28T12:00:00Z', 'es')).toBe('28 de octubre de 2026');
  });

  it('says today, yesterday and days ago in the language', () => {
    expect(lastActiveText(undefined, now, 'de')).toBe('Heute');
    expect(lastActiveText(new Date(2026, 10, 1, 23, 0).toISOString(), now, 'fr')).toBe('Hier');
    expect(daysAgoText(3, 'es')).toBe('hace 3 días');
    expect(daysAgoText(3)).toBe('3 days ago');
  });

  it('writes a share in percent the language’s way', () => {
    expect(formatPercent(1, 3, 'de')).toBe('33,3\u00a0%');
    expect(formatPercent(1, 3)).toBe('33.3%');
  });
});
