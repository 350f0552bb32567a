import { i18n } from '@/lib/i18n/i18n';

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * "Firefox on Windows" from a User-Agent header: enough to tell one's own devices apart. Anything
 * unrecognised (a script, curl) shows its first word instead of a guess. In the page's language
 * (auth:device.*): "Firefox unter Windows".
 */
export function describeUserAgent(userAgent: string | null): string {
  const unknown = i18n.t('auth:device.unknown');
  if (!userAgent) return unknown;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return i18n.t('auth:device.on', { browser, system });
  if (browser ?? system) return (browser ?? system)!;
  return userAgent.split(/[\s/]/)[0]!.slice(0, 40) || unknown;
}
