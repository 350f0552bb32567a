import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n/i18n';
import { describeSkipped } from './api/upload-files';
import { writtenSize } from '@/lib/i18n/written-size';

const file = (name: string, size: number, type = 'text/plain') => ({ name, size, type }) as File;

/** The file manager's words and sizes follow the page's language; English stays as SPEC writes it. */
describe('files texts', () => {
  afterEach(() => applyLanguage('en'));

  it('writes sizes the English way in English and Intl’s way in German and French', () => {
    expect(writtenSize('en', 1536)).toBe('1.54 KB');
    expect(writtenSize('de', 1536)).toBe('1,5 kB');
    expect(writtenSize('fr', 1536)).toBe('1,5\u202fko'); // French puts a narrow no-break space before the unit.
  });

  it('says what a pick left out in the page’s language, with its plural and count', async () => {
    const picked = [file('film.mov', 104_857_601, 'video/quicktime'), ...Array.from({ length: 10 }, (_, i) => file(`f${i}.txt`, 1))];
    expect(describeSkipped(picked)).toBe('Skipped film.mov (over 100 MB), 1 more file (10 files at a time).');
    await applyLanguage('de');
    expect(describeSkipped(picked)).toBe('Übersprungen: film.mov (über 100 MB), 1 weitere Datei (höchstens 10 Dateien auf einmal).');
    await applyLanguage('es');
    expect(describeSkipped([...picked, file('g.txt', 1)])).toBe('Omitido: film.mov (más de 100 MB), 2 archivos más (10 archivos a la vez).');
  });
});
