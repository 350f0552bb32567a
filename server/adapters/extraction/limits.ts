import type { PassageDraft } from './chunk-passages';
/**
 * What one extraction may consume. The caps bound the work by design (bytes read, bytes a ZIP may
 * inflate to, pages, characters kept); the worker's memory cap and wall-clock timeout catch
 * whatever a hostile file still manages inside them.
 */
export interface ExtractionLimits {
  /** Bytes of the file read at most (a longer file is refused, or for plain text cut). */
  maxInputBytes: number;
  /** Bytes one ZIP entry (a DOCX part) may inflate to. */
  maxZipEntryBytes: number;
  /** Bytes all the ZIP entries read from one file may inflate to together. */
  maxZipTotalBytes: number;
  /** Pages a PDF may have; one with more is refused. */
  maxPages: number;
  /** Characters of text kept, whatever a caller asks for. */
  maxChars: number;
}

const MB = 1024 * 1024;

/**
 * Elements nested deeper than this are not read: no real document comes near it, and the readers
 * (html-to-text, mammoth) recurse per level, so deeper markup would be cut short or overflow the stack.
 */
export const MAX_MARKUP_DEPTH = 1000;

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxInputBytes: 25 * MB,
  maxZipEntryBytes: 16 * MB,
  maxZipTotalBytes: 32 * MB,
  maxPages: 2000,
  maxChars: 1_000_000,
};

/** Why an extraction gave no text. Limits carry the number that was crossed. */
export type ExtractionFailure =
  | { reason: 'damaged' }
  | { reason: 'too_large'; limit: number }
  | { reason: 'unpacks_too_large'; limit: number }
  | { reason: 'too_many_pages'; limit: number }
  | { reason: 'too_deep'; limit: number }
  /** A picture larger than OCR reads (width × height > limit), refused from its header. */
  | { reason: 'too_many_pixels'; limit: number; width: number; height: number }
  | { reason: 'out_of_memory'; limit: number }
  | { reason: 'timeout'; limit: number }
  | { reason: 'busy' }
  | { reason: 'crashed' };

export interface ExtractedText {
  /** Normalised text, at most the characters asked for. */
  text: string;
  /** True when there was more text than the characters asked for. */
  truncated: boolean;
  /** True when the whole file was read, so wordCount counts every word in it. */
  readWhole: boolean;
  /** Words in the whole text when readWhole; otherwise words in the text kept. */
  wordCount: number;
  pages?: number;
  /** What was left unread and why, for the person (scanned pages past OCR's caps). */
  note?: string;
  /** The passages, when the job asked for them (the indexer). */
  passages?: PassageDraft[];
}

export type ExtractionResult = ({ ok: true } & ExtractedText) | ({ ok: false } & ExtractionFailure);

/** Thrown inside a worker when a file crosses one of the caps. */
export class ExtractionLimitError extends Error {
  constructor(readonly failure: Exclude<ExtractionFailure, { reason: 'damaged' | 'busy' | 'crashed' }>) {
    super(`extraction limit: ${failure.reason} (${failure.limit})`);
  }
}
