import type { Language } from '@contract/languages';
import { formatDate, formatMoney, formatNumber } from '@/lib/i18n/format';
import { localDateTime } from './local-times';

/**
 * The console's numbers, money and moments in the page's language (issue 44); English reads as it
 * always has ("$1,234.00", "Dec 7, 2026, 8:18 PM"). Built from i18n.language where a text is shown.
 */
export function adminFormats(language: string) {
  const lang = language as Language;
  return {
    usd: (value: number) => formatMoney(lang, value),
    /** An axis tick: "$120", "120 $". */
    usdWhole: (value: number) => formatNumber(lang, value, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
    number: (value: number) => formatNumber(lang, value),
    /** A moment in the reader's own time zone (every admin date goes through here or withLocalTimes). */
    dateTime: (iso: string) => localDateTime(iso, lang),
    day: (iso: string) => formatDate(lang, iso),
  };
}
