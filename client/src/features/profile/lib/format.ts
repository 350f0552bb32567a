/** How the profile writes money, dates and sizes. */
import { plural } from '@contract/format';

// Sizes and plurals are written one way on every page (contract/format.ts).
export { formatBytes as formatStorage, plural } from '@contract/format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeNumber = new Intl.NumberFormat('en-US');
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export const formatUsd = (dollars: number) => usd.format(dollars);
export const formatCount = (n: number) => wholeNumber.format(n);
export const formatDate = (iso: string) => longDate.format(new Date(iso));


export function daysAgoText(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${plural(days, 'day')} ago`;
}

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** SPEC §2: last active reads Today when there is nothing older to say. */
export function lastActiveText(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return 'Today';
  const when = new Date(iso);
  if (Number.isNaN(when.getTime()) || when.getTime() > now.getTime() || sameLocalDay(when, now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameLocalDay(when, yesterday)) return 'Yesterday';
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
