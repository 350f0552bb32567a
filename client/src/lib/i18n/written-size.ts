import { formatBytes } from '@contract/format';
import { isLanguage } from '@contract/languages';
import { formatFileSize } from '@/lib/i18n/format';

/**
 * A size as every screen writes it: English keeps SPEC's "1.5 KB" (formatBytes, which
 * the tests and the server's sentences share); another language takes Intl's units and separators
 * ("1,5 kB", "1,5 ko").
 */
export function writtenSize(language: string, bytes: number, decimals = 2): string {
  return language === 'en' || !isLanguage(language) ? formatBytes(bytes, decimals) : formatFileSize(language, bytes);
}
