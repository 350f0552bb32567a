import type { Language } from '@contract/languages';

/**
 * Dates, numbers and file sizes in the reader's language, all through Intl (issue 44): the one
 * place that turns a value into its written form, so every screen agrees.
 */
export const formatNumber = (language: Language, value: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(language, options).format(value);

export const formatDate = (language: Language, value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
  new Intl.DateTimeFormat(language, options).format(typeof value === 'string' ? new Date(value) : value);

export const formatMoney = (language: Language, usd: number) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(usd);

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 1536 → "1.5 KB" / "1,5 kB": binary steps, Intl's unit names and separators for the language. */
export function formatFileSize(language: Language, bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}
