import type { ExtractableKind } from '../../adapters/extraction/kind';
import type { ExtractionFailure } from '../../adapters/extraction/limits';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);

/** Why a file could not be indexed, as the file manager shows it. */
export function indexFailureSentence(failure: ExtractionFailure): string {
  switch (failure.reason) {
    case 'damaged':
      return 'This file could not be read; it may be damaged.';
    case 'too_large':
      return `This file is larger than ${mb(failure.limit)}, the most that is read for search.`;
    case 'unpacks_too_large':
      return `This file unpacks to more than ${mb(failure.limit)}; it was not read.`;
    case 'too_many_pages':
      return `This document has more than ${failure.limit} pages, the most that is read for search.`;
    case 'too_many_pixels':
      return `This picture is ${failure.width} × ${failure.height} pixels, more than the ${megapixels(failure.limit)} megapixels OCR reads; it was not read.`;
    case 'too_deep':
      return `This file nests its markup more than ${failure.limit} levels deep; it was not read.`;
    case 'out_of_memory':
      return `Reading this file needed more than ${failure.limit} MB of memory; it was stopped.`;
    case 'timeout':
      return `Reading this file took longer than ${Math.round(failure.limit / 1000)} seconds; it was stopped.`;
    case 'busy':
      return 'The server was too busy to read this file.';
    case 'crashed':
      return 'The reader stopped unexpectedly on this file.';
  }
}

export const NO_TEXT = 'No text was found in this file. A scanned PDF has no text layer: run it through OCR and upload it again.';
/** With OCR on, a PDF without text had no picture OCR could read either. */
export const NO_TEXT_AFTER_OCR = 'No text was found in this file, neither in a text layer nor by OCR of its pages.';

/** Why a file gave no passages: a note of pages OCR left unread says it best. */
export function noTextSentence(kind: ExtractableKind, ocr: boolean, note: string | undefined): string {
  if (note) return `No text was found in the pages that were read. ${note}`;
  if (kind === 'image') return 'No text was found in this picture.';
  if (kind === 'pdf') return ocr ? NO_TEXT_AFTER_OCR : NO_TEXT;
  return 'No text was found in this file.';
}
export const TOO_MANY_ATTEMPTS = 'Reading this file stopped the reader three times; use Retry to try again.';
export const MISSING_OBJECT = 'This file is missing from storage.';
