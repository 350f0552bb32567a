/**
 * Text as it streams in, normalised and kept up to a number of characters: Windows line ends
 * become \n, runs of three or more \n become two, leading and trailing whitespace is dropped.
 * It says when it has seen more than it keeps, so a reader can stop there instead of reading on.
 *
 * Whitespace is held back until the next word arrives: trailing whitespace is never kept, and a
 * text that ends exactly at the limit followed only by whitespace is not counted as cut.
 */
export class TextCollector {
  private readonly parts: string[] = [];
  private kept = 0;
  private words = 0;
  private pendingSpace = '';
  /** True once a word arrived after the limit was reached: there is more text than is kept. */
  truncated = false;

  constructor(private readonly maxChars: number) {}

  /** Adds text; returns false once the collector has all it will keep (stop feeding it). */
  push(chunk: string): boolean {
    if (this.truncated) return false;
    for (const match of chunk.matchAll(/(\s+)|(\S+)/g)) {
      if (match[1] !== undefined) {
        this.pendingSpace += match[1];
        // A file of nothing but blank lines must not grow this without bound.
        if (this.pendingSpace.length > 2 * this.maxChars + 16) this.pendingSpace = boundedSpace(this.pendingSpace, 2 * this.maxChars + 16);
        continue;
      }
      if (this.kept >= this.maxChars) {
        this.truncated = true;
        return false;
      }
      const space = this.kept === 0 ? '' : normaliseSpace(this.pendingSpace);
      this.pendingSpace = '';
      const piece = (space + match[2]!).slice(0, this.maxChars - this.kept);
      this.parts.push(piece);
      this.kept += piece.length;
      if (/\S/.test(piece)) this.words++;
      if (piece.length < space.length + match[2]!.length) {
        this.truncated = true;
        return false;
      }
    }
    return true;
  }

  get text(): string {
    return this.parts.join('');
  }

  /** Words in the text kept (a word cut at the limit counts). */
  get wordCount(): number {
    return this.words;
  }
}

const normaliseSpace = (space: string) => space.replace(/\r\n/g, '\n').replace(/\n{3,}/g, '\n\n');

/**
 * Whitespace shortened without changing what normaliseSpace makes of its first `keep / 2`
 * characters, whatever follows it. It is not normalised here: normalising twice is not
 * normalising once ("\r\r\n" is "\r\n" after one pass and "\n" after two). A run of four or more
 * \n ends as two whatever its length, so three stand for it; then the start is kept, since one
 * pass shortens text by at most half ("\r\n" to "\n"), and what follows changes at most its last
 * two characters (a \r meeting a \n, or blank lines joining).
 */
function boundedSpace(space: string, keep: number): string {
  return space.replace(/\n{4,}/g, '\n\n\n').slice(0, keep);
}

/** Words in a whole text, as whitespace-separated runs. */
export function countWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/\S+/g)) count++;
  return count;
}
