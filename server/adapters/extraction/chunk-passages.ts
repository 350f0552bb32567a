import type { Section } from './sections';

/**
 * Cutting a file's sections into passages for the search index. A passage stays inside one
 * section (so it has one page to cite), holds whole paragraphs where it can, else whole lines,
 * else whole sentences, and only as a last resort a window of words. Consecutive passages share
 * their last sentences (about OVERLAP words), so an answer that straddles a cut is still found
 * whole in one of them.
 */
export interface PassageDraft {
  ordinal: number;
  page: number | null;
  heading: string | null;
  /** Offsets in the text all the sections make, joined by a blank line (sectionsAsText's order). */
  charStart: number;
  charEnd: number;
  body: string;
}

export interface ChunkOptions {
  /** A passage is closed before it would pass this many words. */
  maxWords: number;
  /** Words the next passage repeats from the end of the previous one, at most. */
  overlapWords: number;
  /** A heading starts a new passage once the open one has this many words. */
  minWordsBeforeHeading: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { maxWords: 300, overlapWords: 50, minWordsBeforeHeading: 60 };

interface Unit {
  start: number;
  end: number;
  words: number;
  /** The heading this unit is (a "# " line), if it is one. */
  heading?: string;
}

const HEADING_LINE = /^#{1,6}\s+(.+)$/;

export function chunkPassages(sections: Section[], options: ChunkOptions = DEFAULT_CHUNKING): PassageDraft[] {
  const passages: PassageDraft[] = [];
  let offset = 0;
  for (const section of sections) {
    const text = section.text;
    if (text.trim() !== '') {
      chunkSection(text, offset, section, options, passages);
      offset += text.length + 2;
    }
  }
  return passages;
}

function chunkSection(text: string, base: number, section: Section, options: ChunkOptions, out: PassageDraft[]) {
  const units = unitsOf(text, options.maxWords);
  let heading = section.heading;
  let open: Unit[] = [];
  let openWords = 0;
  let openHeading = heading;
  let fresh = 0; // words in `open` not carried over from the previous passage

  const emit = () => {
    if (open.length === 0 || fresh === 0) return;
    const start = open[0]!.start;
    const end = open.at(-1)!.end;
    out.push({ ordinal: out.length, page: section.page, heading: openHeading, charStart: base + start, charEnd: base + end, body: text.slice(start, end) });
    // Carry the last units (whole sentences or lines) into the next passage, within the overlap.
    const carried: Unit[] = [];
    let carriedWords = 0;
    for (let i = open.length - 1; i > 0; i--) {
      const unit = open[i]!;
      if (unit.heading || carriedWords + unit.words > options.overlapWords) break;
      carried.unshift(unit);
      carriedWords += unit.words;
    }
    open = carried;
    openWords = carriedWords;
    fresh = 0;
    openHeading = heading;
  };

  for (const unit of units) {
    if (unit.heading) {
      if (fresh >= options.minWordsBeforeHeading || fresh === 0) {
        emit();
        open = [];
        openWords = 0;
      }
      heading = unit.heading;
      if (fresh === 0) openHeading = heading;
    } else if (openWords + unit.words > options.maxWords) emit();
    open.push(unit);
    openWords += unit.words;
    fresh += unit.words;
  }
  emit();
}

/** The text's smallest pieces a passage is made of, each at most maxWords long, in order. */
function unitsOf(text: string, maxWords: number): Unit[] {
  const units: Unit[] = [];
  for (const line of spans(text, /[^\n]+/g, 0)) {
    const lineText = text.slice(line.start, line.end);
    const heading = HEADING_LINE.exec(lineText.trim())?.[1]?.trim();
    if (heading) {
      units.push({ ...line, words: countWords(lineText), heading });
      continue;
    }
    // Sentences: up to and including . ! ? that a space or the line's end follows ("3.5" is no end).
    for (const sentence of spans(lineText, /(?:[^.!?]|[.!?]+(?=[^\s.!?]))+[.!?]*/g, line.start)) {
      const words = [...text.slice(sentence.start, sentence.end).matchAll(/\S+/g)];
      if (words.length === 0) continue;
      for (let i = 0; i < words.length; i += maxWords) {
        const window = words.slice(i, i + maxWords);
        const first = window[0]!;
        const last = window.at(-1)!;
        units.push({ start: sentence.start + first.index, end: sentence.start + last.index + last[0].length, words: window.length });
      }
    }
  }
  return units;
}

/** Non-empty matches of `pattern` in `text` as offsets plus `base`, trimmed of surrounding whitespace. */
function* spans(text: string, pattern: RegExp, base: number): Generator<{ start: number; end: number }> {
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    if (raw.trim() === '') continue;
    const lead = raw.length - raw.trimStart().length;
    const start = match.index + lead;
    yield { start: base + start, end: base + start + raw.trim().length };
  }
}

function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/\S+/g)) n++;
  return n;
}
