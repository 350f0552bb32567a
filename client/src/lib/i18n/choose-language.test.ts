import { describe, expect, it } from 'vitest';
import { browserLanguage, chooseLanguage } from './choose-language';

describe('chooseLanguage', () => {
  it('takes the account’s choice first, then this browser’s stored choice, then the browser’s languages, then English', () => {
    expect(chooseLanguage('fr', 'de', ['es'])).toBe('fr');
    expect(chooseLanguage(null, 'de', ['es'])).toBe('de');
    expect(chooseLanguage(null, 'it', ['it-IT', 'es-MX'])).toBe('es');
    expect(chooseLanguage(null, null, ['ja'])).toBe('en');
  });

  it('reads a regional tag as its language', () => {
    expect(browserLanguage(['de-AT'])).toBe('de');
    expect(browserLanguage([])).toBe(null);
  });
});
