/** SPEC §4/§9: about 3 ms a character for greetings and 2 ms for replies. */
export const GREETING_MS_PER_CHAR = 3;
export const REPLY_MS_PER_CHAR = 2;
/** SPEC §9: the pause between the greeting and the reply. */
export const REPLY_PAUSE_MS = 300;
/** SPEC §9: the thinking indicator's phrase changes every 2000 ms. */
export const THINKING_ROTATION_MS = 2_000;

/** Punctuation pauses slightly longer and spaces go by shorter (SPEC §4). */
export function charDelay(char: string, msPerChar: number): number {
  if (/[.,!?;:…]/.test(char)) return msPerChar * 4;
  if (char === ' ') return msPerChar / 2;
  return msPerChar;
}

/** How long typing `text` takes at `msPerChar`. */
export function typingDuration(text: string, msPerChar: number): number {
  let total = 0;
  for (const char of text) total += charDelay(char, msPerChar);
  return total;
}

/** How many characters of `text` are visible `elapsedMs` after typing began. */
export function visibleChars(text: string, msPerChar: number, elapsedMs: number): number {
  let total = 0;
  let count = 0;
  for (const char of text) {
    total += charDelay(char, msPerChar);
    if (total > elapsedMs) break;
    count += char.length;
  }
  return count;
}

/**
 * The reader asked the system for less motion (issue 44): the greeting shows whole at once and the
 * reply appears whole when it is done, never typed out piece by piece.
 */
export function prefersReducedMotion(): boolean {
  // The global object is the window in a browser; in Node (the exchange's tests) it has no matchMedia.
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
