import { translatedServerSentence } from './i18n/server-sentences';
import { HttpError } from './request';

/**
 * What a toast or form says when a request failed: the server's own `{error}` sentence when it
 * sent one, else SPEC §8's `<status>: <body or status text>`. Anything else thrown (a network
 * failure) reads as `fallback` when one is given, else as its own message. A server sentence the
 * client knows is said in the page's language (i18n/server-sentences.ts).
 */
export function errorSentence(error: unknown, fallback?: string): string {
  if (error instanceof HttpError) return error.serverMessage !== undefined ? translatedServerSentence(error.serverMessage) : error.message;
  if (fallback !== undefined) return fallback;
  return error instanceof Error ? error.message : String(error);
}
