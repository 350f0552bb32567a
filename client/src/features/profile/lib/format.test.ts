import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n/i18n';
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
  afterEach(() => applyLanguage('en'));

  it('writes money, counts and dates the page language’s way', async () => {
    await applyLanguage('de');
    expect(formatUsd(1234.5)).toBe('1.234,50\u00a0$');
    await applyLanguage('fr');
    expect(formatCount(1234567)).toBe('1\u202f234\u202f567');
    await applyLanguage('es');
    expect(formatDate('2026-10-28T12:00:00Z')).toBe('28 de octubre de 2026');
  });

  it('says today and yesterday in the page’s language', async () => {
    await applyLanguage('de');
    expect(lastActiveText(undefined, now)).toBe('Heute');
    await applyLanguage('fr');
    expect(lastActiveText(new Date(2026, 10, 1, 23, 0).toISOString(), now)).toBe('Hier');
  });
});
