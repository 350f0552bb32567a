/**
 * A file's text in the parts a citation can point at: a PDF page, a slide, a sheet; one part for
 * formats without pages. Markdown-style `#` lines inside a part are headings (HTML and DOCX
 * headings are written that way by their readers), which the chunker keeps with each passage.
 */
export interface Section {
  /** PDF page, slide or sheet number from 1; null for formats without pages. */
  page: number | null;
  /** The sheet's name or the slide's title. */
  heading: string | null;
  text: string;
}

export interface SectionedText {
  sections: Section[];
  /** True when the file had more text than the character cap and the rest was not read. */
  truncated: boolean;
  pages?: number;
  /** What was left unread and why (scanned pages past OCR's caps). */
  note?: string;
}

/** Sections joined as one text (what text-mode callers of the multi-part formats read). */
export function sectionsAsText(sections: Section[]): string {
  return sections
    .map((s) => (s.heading && !s.text.startsWith(s.heading) ? `${s.heading}\n${s.text}` : s.text))
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/** Counts characters read against a cap: past it, the rest of the file is not read. */
export class CharBudget {
  used = 0;
  constructor(readonly max: number) {}
  get spent(): boolean {
    return this.used >= this.max;
  }
  take(text: string): string {
    const room = Math.max(0, this.max - this.used);
    const kept = text.length > room ? text.slice(0, room) : text;
    this.used += text.length;
    return kept;
  }
}
