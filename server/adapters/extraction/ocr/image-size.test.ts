import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corruptTiff, hugePngHeader } from '../../../../tests/fakes/hostile-files';
import { readableKind } from '../kind';
import { imageHeader } from './image-size';
import { missingOcrLanguages, ocrLanguageFile } from './language-data';

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/ocr/${name}`, import.meta.url));

describe('OCR pictures before decoding', () => {
  it('reads the size of PNG, JPEG, TIFF and WebP from the header', () => {
    expect(imageHeader(fixture('receipt.png'))).toEqual({ format: 'png', width: 600, height: 220, frames: 1 });
    expect(imageHeader(fixture('letter.jpg'))).toEqual({ format: 'jpeg', width: 600, height: 220, frames: 1 });
    expect(imageHeader(hugePngHeader(20_000, 20_000))).toEqual({ format: 'png', width: 20_000, height: 20_000, frames: 1 });
    expect(imageHeader(corruptTiff())).toEqual({ format: 'tiff', width: 800, height: 600, frames: 1 });
    // A lossless WebP header: 'VP8L', signature 0x2f, then 14 bits of width-1 and of height-1.
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8L', 8, 'latin1');
    webp[20] = 0x2f;
    webp.writeUInt32LE((1023 - 1) | ((767 - 1) << 14), 21);
    expect(imageHeader(webp)).toEqual({ format: 'webp', width: 1023, height: 767, frames: 1 });
    expect(imageHeader(Buffer.from('GIF89a not for OCR'))).toBeNull();
    expect(imageHeader(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('reads pictures of pages only when OCR is on, and never GIF or SVG', () => {
    expect(readableKind('image/png', 'a.png', true)).toBe('image');
    expect(readableKind('image/tiff', 'a.tif', true)).toBe('image');
    expect(readableKind('image/png', 'a.png', false)).toBeNull();
    expect(readableKind('image/gif', 'a.gif', true)).toBeNull();
    expect(readableKind('image/svg+xml', 'a.svg', true)).toBeNull();
    expect(readableKind('application/pdf', 'a.pdf', false)).toBe('pdf');
  });

  it('finds installed language data and names the package of a missing one', () => {
    expect(ocrLanguageFile('eng')).toMatch(/@tesseract\.js-data\/eng\/4\.0\.0_best_int\/eng\.traineddata\.gz$/);
    expect(missingOcrLanguages(['eng', 'zzz'])).toEqual(['no OCR data for "zzz" is installed; add it with: npm install @tesseract.js-data/zzz']);
  });
});
