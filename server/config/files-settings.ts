import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { missingOcrLanguages, ocrLanguageCodes } from '../adapters/extraction/ocr/language-data';
import { booleanFlag, emptyAsUndefined, optionalString } from './fields';

/** Where files are stored, how attached files are read (text and OCR) and how passages are searched. */
const filesSchema = z.object({
  /** Files: any S3-compatible store when S3_BUCKET is set; local disk under DATA_DIR/objects otherwise. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  /** Comma-separated mime types ('image/*' allowed) a user may upload; empty allows every type. */
  UPLOAD_ALLOWED_TYPES: optionalString,
  /** Storage each user may fill, in bytes (SPEC §9: 25 GB). */
  STORAGE_LIMIT_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(25e9)),
  /** How long an upload URL stays valid, in seconds. */
  UPLOAD_URL_TTL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(86_400).default(900)),
  /** Minutes between sweeps for abandoned uploads and orphaned objects; 0 sweeps only at start. */
  FILES_CLEANUP_INTERVAL_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).default(60)),
  /** The text-search configuration passages are indexed and searched with (a pg_ts_config name). */
  SEARCH_LANGUAGE: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z_]{1,63}$/, 'must be a text-search configuration name such as english, german or simple').default('english')),
  // ── reading attached files (server/adapters/extraction; README "Settings") ──
  /** Worker processes that extract text at once; one fewer than the CPU cores (1 to 4) by default. */
  EXTRACTION_WORKERS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(Math.max(1, Math.min(4, availableParallelism() - 1)))),
  /** Files that may wait for a worker; one more is answered "busy" at once. */
  EXTRACTION_QUEUE_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(200)),
  /** Wall-clock seconds one file may take; a worker past it is killed. */
  EXTRACTION_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).max(3600).default(30)),
  /** Resident memory one worker may use, in MB; a worker past it is killed. */
  EXTRACTION_WORKER_MEMORY_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(64).default(512)),
  /** Larger files are not read for their text at all. */
  EXTRACTION_MAX_FILE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).default(25)),
  /** MB one ZIP entry (a DOCX part) may inflate to, and all of a file's entries together. */
  EXTRACTION_ZIP_ENTRY_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).default(16)),
  EXTRACTION_ZIP_TOTAL_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).default(32)),
  /** A PDF with more pages is not read. */
  EXTRACTION_MAX_PAGES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(2000)),
  /** Characters of text kept from one file, whatever a caller asks for. */
  EXTRACTION_MAX_CHARS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(1_000_000)),
  // ── OCR: scanned PDF pages and pictures of pages, read in the extraction workers (README "Search your documents") ──
  /** 'off' reads no picture: scanned PDFs have no text and image files are not searched. */
  OCR: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  /** Tesseract languages joined by '+', each installed as npm @tesseract.js-data/<code>. */
  OCR_LANGUAGES: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z_]{3,16}(\+[a-z_]{3,16})*$/, 'must be Tesseract language codes joined by +, such as eng or eng+deu').default('eng')),
  /** Scanned pages of one file read at most; the rest are named in the file's note. */
  OCR_MAX_PAGES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(200)),
});

export const filesSettings = filesSchema.shape;

/** An OCR language whose data is not installed is named with the package to install. */
export function filesProblems(config: z.infer<typeof filesSchema>): string[] {
  if (config.OCR !== 'on') return [];
  return missingOcrLanguages(ocrLanguageCodes(config.OCR_LANGUAGES)).map((problem) => `  OCR_LANGUAGES: ${problem}`);
}
