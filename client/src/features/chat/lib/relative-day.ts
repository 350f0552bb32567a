import type { Language } from '@contract/languages';
import { formatDate } from '@/lib/i18n/format';

const DAY_MS = 86_400_000;
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * When a conversation was last written in, as the list shows it: the time today, "Yesterday",
 * "3 days ago" within the week, else the date; all through Intl in the page's language.
 */
export function relativeDay(language: Language, iso: string, now = Date.now()): string {
  const date = new Date(iso);
  const days = Math.floor((now - date.getTime()) / DAY_MS);
  if (days <= 0) return formatDate(language, date, { hour: '2-digit', minute: '2-digit' });
  // Intl writes "yesterday" in the middle of a sentence; on its own line it starts with a capital.
  if (days < 7) return capitalised(new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-days, 'day'));
  return formatDate(language, date, { year: 'numeric', month: 'numeric', day: 'numeric' });
}
