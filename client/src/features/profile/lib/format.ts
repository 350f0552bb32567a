/** How the profile writes money, dates and sizes. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeNumber = new Intl.NumberFormat('en-US');
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export const formatUsd = (dollars: number) => usd.format(dollars);
export const formatCount = (n: number) => wholeNumber.format(n);
export const formatDate = (iso: string) => longDate.format(new Date(iso));

export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

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

/**
 * Storage in decimal units, as SPEC §9 counts it (25 GB is 25e9 bytes), so the limit reads
 * "25 GB" rather than "23.28 GB".
 */
export function formatStorage(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  const power = Math.min(Math.floor(Math.log10(bytes) / 3), units.length - 1);
  const value = bytes / 1000 ** power;
  return `${Number.parseFloat(value.toFixed(power === 0 ? 0 : 2))} ${units[power]}`;
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
