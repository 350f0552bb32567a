/**
 * How the profile writes money, dates, counts and sizes: in the page's language (issue 44), read
 * when the text is drawn (components re-render when the language changes). English stays as SPEC
 * writes it ("$1,234.50", "October 28, 2026", "25 GB").
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@contract/languages';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate as dateIn, formatMoney, formatNumber } from '@/lib/i18n/format';
import { writtenSize } from '@/lib/i18n/written-size';

const language = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

export const formatUsd = (dollars: number) => formatMoney(language(), dollars);
export const formatCount = (n: number) => formatNumber(language(), n);
export const formatDate = (iso: string) => dateIn(language(), iso, { month: 'long', day: 'numeric', year: 'numeric' });

/** Sizes: English keeps contract/format.ts's decimal "25 GB"; another language takes Intl's units. */
export const formatStorage = (bytes: number) => writtenSize(language(), bytes);

/** "1 day", "3.3 messages", "2 files" in the page's language (profile:count.*). */
export function plural(count: number, noun: 'day' | 'message' | 'file'): string {
  return i18n.t(`profile:count.${noun}`, { count, n: formatCount(count) });
}

export function daysAgoText(days: number): string {
  if (days <= 0) return i18n.t('profile:when.today');
  if (days === 1) return i18n.t('profile:when.yesterday');
  return i18n.t('profile:when.daysAgo', { count: days, n: formatCount(days) });
}

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** SPEC §2: last active reads Today when there is nothing older to say. */
export function lastActiveText(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return i18n.t('profile:when.Today');
  const when = new Date(iso);
  if (Number.isNaN(when.getTime()) || when.getTime() > now.getTime() || sameLocalDay(when, now)) return i18n.t('profile:when.Today');
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameLocalDay(when, yesterday)) return i18n.t('profile:when.Yesterday');
  return formatDate(iso);
}

/** A share of a whole in percent (0 to 100), for bar widths. */
export const percentOf = (part: number, whole: number) => (whole <= 0 || part <= 0 ? 0 : Math.min(100, (part / whole) * 100));

/** The same share as text, to one decimal; a share too small to show reads "<0.1%", never "0%". */
export function formatPercent(part: number, whole: number): string {
  const percent = percentOf(part, whole);
  if (percent === 0) return '0%';
  if (percent < 0.05) return '<0.1%';
  return `${Number.parseFloat(percent.toFixed(1))}%`;
}
