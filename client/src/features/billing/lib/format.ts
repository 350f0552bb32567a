import type { Language } from '@contract/languages';
import { formatDate, formatMoney } from '@/lib/i18n/format';

/** "Dec 28, 2026", "28.12.2026": a day in the page's language (i18n.language). */
export const day = (language: string, iso: string) => formatDate(language as Language, iso);

/** "$199.00", "199,00 $": a price the server sends as a decimal string. */
export const usd = (language: string, amount: string) => formatMoney(language as Language, Number(amount));
