import { formatNumber } from '@/lib/i18n/format';
import { isLanguage } from '@contract/languages';

/** A count as the page's language writes it ("1,204", "1.204", "1 204"), for a text's {{n}} beside i18next's {{count}}. */
export const writtenCount = (language: string, count: number) => formatNumber(isLanguage(language) ? language : 'en', count);
