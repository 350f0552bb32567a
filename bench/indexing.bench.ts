/**
 * Indexing throughput (issue 39): pages a minute indexed by Genie, born-digital PDFs and scans
 * read by OCR, each against the same pages read by the extraction library alone (unpdf's text of
 * each page; tesseract.js through the workers' own `recognize` on each page image), timed in
 * alternation. Genie's side is the whole path a user waits on: uploads through the API, the
 * indexing queue, the extraction worker processes, chunking and the passages written (PGlite).
 * Run: npx tsx bench/indexing.bench.ts [rounds]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { pageImages } from '../server/adapters/extraction/ocr/pdf-page-images';
import { recognize } from '../server/adapters/extraction/ocr/tesseract';
import { pdfOfPages } from '../tests/fakes/documents';
import { uploadThroughApi } from '../tests/support/files';
import { waitForIndexing } from '../tests/support/search';
import { signUp } from '../tests/support/test-app';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openMemoryPglite } from '../server/db/pglite-memory';
import { alternate, showSpread } from './lib/alternate';
import { round } from './lib/report';

const ROUNDS = Number(process.argv[2] ?? 3);
/** 4 born-digital PDFs of 25 pages, about 1,500 characters a page. */
const PDFS = Array.from({ length: 4 }, (_, f) =>
  pdfOfPages(Array.from({ length: 25 }, (_, p) => Array.from({ length: 12 }, (_, s) => `File ${f} page ${p + 1} line ${s}: the office filed ledger entry ${f * 1000 + p * 12 + s} for the quarter.`).join(' '))),
);
const PDF_PAGES = 100;
/** The 3-page image-only scan of tests/fixtures/ocr, twice: 6 pages of OCR. */
const SCAN = readFileSync(new URL('../tests/fixtures/ocr/scan-3-pages.pdf', import.meta.url));
const SCANS = [SCAN, SCAN];
const SCAN_PAGES = 6;

const database = await openMemoryPglite();
const dataDir = mkdtempSync(join(tmpdir(), 'genie-bench-indexing-'));
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '1000', EXTRACTION_TIMEOUT_SECONDS: '300' });
const t = { app: await buildApp({ config, database, sessionSecret: 'x'.repeat(32), logger: false, announce: () => {} }) };
await t.app.ready();

/** Genie: every file uploaded by a new user, then until the last is indexed; pages a minute. */
async function genie(files: Buffer[], pages: number): Promise<number> {
  const { cookie } = await signUp(t.app);
  const started = performance.now();
  for (const [i, bytes] of files.entries()) await uploadThroughApi(t.app, cookie, { name: `doc-${i}.pdf`, bytes, type: 'application/pdf' });
  const indexed = await waitForIndexing(t.app, cookie);
  if (!indexed.every((f) => f.indexStatus === 'indexed')) throw new Error(`not indexed: ${JSON.stringify(indexed.map((f) => [f.indexStatus, f.indexError]))}`);
  return (pages / (performance.now() - started)) * 60_000;
}

/** unpdf alone: each PDF's text, page by page. */
async function unpdfAlone(): Promise<number> {
  const started = performance.now();
  for (const bytes of PDFS) await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return (PDF_PAGES / (performance.now() - started)) * 60_000;
}

/** tesseract.js alone: each scan's page images drawn, then recognised one after another. */
const { OPS } = await getResolvedPDFJS();
async function tesseractAlone(): Promise<number> {
  const started = performance.now();
  for (const bytes of SCANS) {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    for (let n = 1; n <= pdf.numPages; n++) for (const image of await pageImages(await pdf.getPage(n), new Set([OPS.paintImageXObject]))) await recognize(image, ['eng']);
  }
  return (SCAN_PAGES / (performance.now() - started)) * 60_000;
}

const born = await alternate({ rounds: ROUNDS, baseline: unpdfAlone, measured: () => genie(PDFS, PDF_PAGES) });
const ocr = await alternate({ rounds: ROUNDS, baseline: tesseractAlone, measured: () => genie(SCANS, SCAN_PAGES) });
await t.app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const line = (name: string, r: typeof born) =>
  `| ${name} | ${showSpread(r.measured, 'pages/min', 0)} | ${showSpread(r.baseline, 'pages/min', 0)} | ${round(r.ratio.median, 3)} (${round(r.ratio.min, 3)}-${round(r.ratio.max, 3)}) | ${r.rounds} | ${r.load} |`;
console.log('| indexed | Genie (upload to searchable) | library alone | ratio | rounds | load |');
console.log('|---|---|---|---|---|---|');
console.log(line(`born-digital PDF (${PDF_PAGES} pages in 4 files)`, born));
console.log(line(`scanned PDF by OCR (${SCAN_PAGES} pages in 2 files)`, ocr));
process.exit(0);
