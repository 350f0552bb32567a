import type { Config } from '../../config';
import { ocrLanguageCodes } from './ocr/language-data';
import { DEFAULT_OCR_MAX_PIXELS } from './ocr/ocr-settings';
import { ExtractionPool } from './pool';

const MB = 1024 * 1024;

/**
 * An extraction pool, sized and capped from the settings. The server keeps two: one for chat
 * attachments (EXTRACTION_WORKERS) and one for the search indexer (`size` workers), so a backfill
 * of thousands of files never makes a chat message wait for a worker.
 */
export function createExtractionPool(config: Config, onWorkerProblem?: (message: string) => void, sizing?: { size: number; queueMax: number }): ExtractionPool {
  return new ExtractionPool({
    size: sizing?.size ?? config.EXTRACTION_WORKERS,
    queueMax: sizing?.queueMax ?? config.EXTRACTION_QUEUE_MAX,
    timeoutMs: config.EXTRACTION_TIMEOUT_SECONDS * 1000,
    memoryMb: config.EXTRACTION_WORKER_MEMORY_MB,
    limits: {
      maxInputBytes: Math.round(config.EXTRACTION_MAX_FILE_MB * MB),
      maxZipEntryBytes: Math.round(config.EXTRACTION_ZIP_ENTRY_MAX_MB * MB),
      maxZipTotalBytes: Math.round(config.EXTRACTION_ZIP_TOTAL_MAX_MB * MB),
      maxPages: config.EXTRACTION_MAX_PAGES,
      maxChars: config.EXTRACTION_MAX_CHARS,
    },
    ocr: config.OCR === 'off' ? undefined : { languages: ocrLanguageCodes(config.OCR_LANGUAGES), maxPages: config.OCR_MAX_PAGES, maxPixels: DEFAULT_OCR_MAX_PIXELS },
    onWorkerProblem,
  });
}
