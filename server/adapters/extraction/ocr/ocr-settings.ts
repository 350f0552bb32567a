/**
 * How a worker reads pictures of text (OCR_LANGUAGES, OCR_MAX_PAGES; README "Search your
 * documents"). A job without them reads no picture.
 */
export interface OcrSettings {
  /** Tesseract language codes, each installed as @tesseract.js-data/<code>. */
  languages: string[];
  /** Scanned pages of one file read at most; the rest are named in the file's note. */
  maxPages: number;
  /** Pixels one picture may have (read from its header, before it is decoded). */
  maxPixels: number;
  /** Milliseconds of one job after which no further page is started (the pool kills the job at its timeout). */
  budgetMs: number;
}

/** The OCR settings of a job for a picture (the pool sends pictures only when OCR is on). */
export function ocrOf(ocr: OcrSettings | undefined): OcrSettings {
  if (!ocr) throw new Error('OCR is off: pictures are not read');
  return ocr;
}

/** 40 megapixels: a page scanned at 600 dpi is 35. */
export const DEFAULT_OCR_MAX_PIXELS = 40_000_000;

/**
 * Counts the scanned pages of one file against the page cap and the time budget, and remembers
 * the pages left unread for the note the person sees.
 */
export class OcrBudget {
  private readonly started = Date.now();
  private read = 0;
  private readonly skipped: number[] = [];
  private stoppedBy: 'pages' | 'time' | null = null;

  constructor(readonly settings: OcrSettings) {}

  /** True when one more page may be read; otherwise the page is counted as not read. */
  allow(page: number): boolean {
    if (this.stoppedBy === null && this.read >= this.settings.maxPages) this.stoppedBy = 'pages';
    if (this.stoppedBy === null && Date.now() - this.started > this.settings.budgetMs) this.stoppedBy = 'time';
    if (this.stoppedBy !== null) {
      this.skipped.push(page);
      return false;
    }
    this.read++;
    return true;
  }

  /** Why some scanned pages have no text, or undefined when every one was read. */
  note(): string | undefined {
    const first = this.skipped[0];
    if (first === undefined) return undefined;
    const pages = this.skipped.length === 1 ? `Scanned page ${first} was` : `${this.skipped.length} scanned pages from page ${first} on were`;
    return this.stoppedBy === 'pages'
      ? `${pages} not read: OCR reads at most ${this.settings.maxPages} pages of a file.`
      : `${pages} not read: OCR ran out of the time one file may take.`;
  }
}
