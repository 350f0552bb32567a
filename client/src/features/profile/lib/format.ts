/** How the profile writes money, dates and sizes. */
import { plural } from '@contract/format';
import type { Language } from '@contract/languages';

// Sizes and plurals are written one way on every page (contract/format.ts).
export { formatBytes as formatStorage, plural } from '@contract/format';

/**
 * Each takes the page's language (issue 44; pass i18n.language, or `t`'s `i18n.language`); without
 * one it writes English as it always did ("en-US": "$1,234.50", "October 28, 2026").
 */
const locale = (language: Language) => (language === 'en' ? 'en-US' : language);

export const formatUsd = (dollars: number, language: Language = 'en') =>
  new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'USD' }).format(dollars);
export const formatCount = (n: number, language: Language = 'en') => new Intl.NumberFormat(locale(language)).format(n);
export const formatDate = (iso: string, language: Language = 'en') =>
  new Intl.DateTimeFormat(locale(language), { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** "today", "yesterday", "3 days ago"; "heute", "gestern", "vor 3 Tagen" (Intl's own words). */
export function daysAgoText(days: number, language: Language = 'en'): string {
  if (language !== 'en') return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-Math.max(0, days), 'day');
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${plural(days, 'day')} ago`;
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** SPEC §2: last active reads Today when there is nothing older to say. */
export function lastActiveText(iso: string | null | undefined, now = new Date(), language: Language = 'en'): string {
  const today = capitalised(daysAgoText(0, language));
  if (!iso) return today;
  const when = new Date(iso);
  if (Number.isNaN(when.getTime()) || when.getTime() > now.getTime() || sameLocalDay(when, now)) return today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameLocalDay(when, yesterday)) return capitalised(daysAgoText(1, language));
  return formatDate(iso, language);
}

/** A share of a whole in percent (0 to 100), for bar widths. */
export const percentOf = (part: number, whole: number) => (whole <= 0 || part <= 0 ? 0 : Math.min(100, (part / whole) * 100));

/** The same share as text, to one decimal; a share too small to show reads "<0.1%", never "0%". */
export function formatPercent(part: number, whole: number, language: Language = 'en'): string {
  const percent = percentOf(part, whole);
  if (language !== 'en') {
    const written = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    return percent > 0 && percent < 0.05 ? `<${written.format(0.001)}` : written.format(Number.parseFloat(percent.toFixed(1)) / 100);
  }
  if (percent === 0) return '0%';
  if (percent < 0.05) return '<0.1%';
  return `${Number.parseFloat(percent.toFixed(1))}%`;
}
