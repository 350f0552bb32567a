import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n/i18n';
import { formatDate, formatTokens, planLabel, roleLabel, roleWithArticle } from './format';

describe('team wording', () => {
  afterEach(async () => applyLanguage('en'));

  it('names a plan from the catalogue, and no plan or an unknown one as Free', () => {
    expect([planLabel('starter'), planLabel('pro'), planLabel('enterprise'), planLabel(null), planLabel('gold')]).toEqual(['Starter', 'Pro', 'Enterprise', 'Free', 'Free']);
  });

  it('puts the right article before each role', () => {
    expect([roleWithArticle('member'), roleWithArticle('admin'), roleWithArticle('owner')]).toEqual(['a member', 'an admin', 'the owner']);
  });

  it('says roles, plans, dates and counts in the page’s language', async () => {
    await applyLanguage('de');
    expect([roleLabel('owner'), roleWithArticle('member'), planLabel(null), planLabel('pro')]).toEqual(['Inhaber', 'Mitglied', 'Kostenlos', 'Pro']);
    expect(formatDate('2026-11-24T12:00:00Z')).toBe('24. Nov. 2026');
    expect(formatTokens(12345)).toBe('12.345');
    await applyLanguage('en');
    expect(formatDate('2026-11-24T12:00:00Z')).toBe('Nov 24, 2026');
    expect(formatTokens(12345)).toBe('12,345');
  });
});
