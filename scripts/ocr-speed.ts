/**
 * OCR speed on this machine (docs/decisions.md): the 3-page scan of tests/fixtures/ocr, rendered
 * pages 1, 2, 3, 1, 2 (5 pages, 600 × 220 pixels each), read one after another by the same
 * code the extraction workers run, after the engine has started once.
 * Run: npx tsx scripts/ocr-speed.ts
 */
import { readFileSync } from 'node:fs';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { pageImages } from '../server/adapters/extraction/ocr/pdf-page-images';
import { recognize } from '../server/adapters/extraction/ocr/tesseract';

const pdf = await getDocumentProxy(new Uint8Array(readFileSync(new URL('../tests/fixtures/ocr/scan-3-pages.pdf', import.meta.url))));
const { OPS } = await getResolvedPDFJS();
const ops = new Set([OPS.paintImageXObject]);
const images: Buffer[] = [];
for (const number of [1, 2, 3, 1, 2]) images.push(...(await pageImages(await pdf.getPage(number), ops)));
let started = Date.now();
await recognize(images[0]!, ['eng']);
const startup = Date.now() - started;
started = Date.now();
for (const image of images) await recognize(image, ['eng']);
const seconds = (Date.now() - started) / 1000;
console.log(`engine start and first page: ${startup} ms; ${images.length} pages in ${seconds.toFixed(2)} s: ${(images.length / seconds).toFixed(2)} pages per second`);
process.exit(0);
