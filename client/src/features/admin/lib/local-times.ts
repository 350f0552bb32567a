/**
 * The server writes moments into its sentences as ISO timestamps ("live until
 * 2026-12-07T19:18:21.444Z"); the admin console shows them in the reader's own time zone and
 * words ("live until Dec 7, 2026, 8:18 PM"). Anything that is not a whole ISO timestamp is left alone.
 */
const ISO_TIMESTAMP = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})\b/g;

export const localDateTime = (iso: string, locale?: string, timeZone?: string) =>
  new Date(iso).toLocaleString(locale ?? 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });

export function withLocalTimes(text: string, locale?: string, timeZone?: string): string {
  return text.replace(ISO_TIMESTAMP, (iso) => (Number.isNaN(Date.parse(iso)) ? iso : localDateTime(iso, locale, timeZone)));
}
