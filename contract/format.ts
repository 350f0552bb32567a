import type { Language } from './languages';

/**
 * The one way Genie writes sizes and counts, on every page and in replies (issue 18: /profile
 * counted 1 KB as 1000 bytes while /files and admin counted 1024).
 *
 * Sizes are decimal (1 KB = 1000 bytes), as SPEC §9 counts the 25 GB storage allowance
 * (25e9 bytes), so the allowance reads "25 GB", not "23.28 GB". SPEC's upload limit,
 * 104,857,600 bytes, is still called "100 MB" where the limit is named.
 */
const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
/**
 * The units in each language Genie speaks (issue 44): French writes octets (Ko, Mo, ...).
 */
const SIZE_UNITS_IN: Record<Language, readonly string[]> = {
  en: SIZE_UNITS,
  de: ['Byte', 'KB', 'MB', 'GB', 'TB'],
  fr: ['octets', 'Ko', 'Mo', 'Go', 'To'],
  es: ['bytes', 'KB', 'MB', 'GB', 'TB'],
};

/** A rounded figure as the language writes it; English keeps the plain "1.5" it always had. */
const figure = (value: number, language: Language) => (language === 'en' ? `${value}` : value.toLocaleString(language, { maximumFractionDigits: 20 }));

export function formatBytes(bytes: number, decimals = 2, language: Language = 'en'): string {
  const units = SIZE_UNITS_IN[language];
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${units[0]}`;
  const power = Math.min(Math.floor(Math.log10(bytes) / 3), units.length - 1);
  const value = bytes / 1000 ** power;
  // Rounding can carry into the next unit (999,999 bytes is "1000 KB" to two places): use it.
  const rounded = Number.parseFloat(value.toFixed(power === 0 ? 0 : decimals));
  if (rounded >= 1000 && power < units.length - 1) return `${figure(Number.parseFloat((rounded / 1000).toFixed(decimals)), language)} ${units[power + 1]}`;
  return `${figure(rounded, language)} ${units[power]}`;
}

/**
 * "1 chat", "2 chats", "1,204 files": the count with its noun, singular only for exactly one. The
 * nouns are the caller's, so a translated screen passes its own words (or uses i18next's plurals)
 * and `language` for the count's separators ("1.204 Dateien").
 */
export function plural(count: number, one: string, many = `${one}s`, language: Language = 'en'): string {
  return `${count.toLocaleString(language === 'en' ? 'en-US' : language)} ${count === 1 ? one : many}`;
}
