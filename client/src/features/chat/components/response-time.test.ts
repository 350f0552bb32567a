import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n/i18n';
import { formatResponseTime } from './message-bubble';

describe('formatResponseTime', () => {
  afterEach(async () => applyLanguage('en'));

  it('writes a reply’s time with the page’s decimal mark', async () => {
    expect(formatResponseTime(223)).toBe('223 ms');
    expect(formatResponseTime(1234)).toBe('1.2 s');
    await applyLanguage('de');
    expect(formatResponseTime(1234)).toBe('1,2 s');
  });
});
