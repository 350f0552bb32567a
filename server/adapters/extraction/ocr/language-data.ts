import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';

/**
 * Where Tesseract's language data comes from: npm packages `@tesseract.js-data/<code>`, installed
 * with the rest (`npm install`), never downloaded at run time. The `best_int` variant (a quarter of
 * the size, about as accurate) is taken where the package has it.
 */
const require = createRequire(import.meta.url);
const VARIANTS = ['4.0.0_best_int', '4.0.0'];

/** The npm package that holds a language's data. */
export const ocrLanguagePackage = (code: string) => `@tesseract.js-data/${code}`;

/** The gzipped traineddata file of an installed language, or null when its package is not installed. */
export function ocrLanguageFile(code: string): string | null {
  let folder: string;
  try {
    folder = dirname(require.resolve(`${ocrLanguagePackage(code)}/package.json`));
  } catch {
    return null;
  }
  for (const variant of VARIANTS) {
    const file = join(folder, variant, `${code}.traineddata.gz`);
    if (existsSync(file)) return file;
  }
  return null;
}

/** OCR_LANGUAGES as codes: `eng+deu` → ['eng', 'deu']. */
export const ocrLanguageCodes = (setting: string) => setting.split('+').filter((code) => code !== '');

/** The settings check's sentence for each language whose data is not installed. */
export function missingOcrLanguages(codes: string[]): string[] {
  return codes
    .filter((code) => ocrLanguageFile(code) === null)
    .map((code) => `no OCR data for "${code}" is installed; add it with: npm install ${ocrLanguagePackage(code)}`);
}

/**
 * One folder holding every language's file, as tesseract.js reads them all from one langPath:
 * a single language's own package folder, or for several a folder of links in the temp folder.
 */
export function ocrLangPath(codes: string[]): string {
  const files = codes.map((code) => {
    const file = ocrLanguageFile(code);
    if (!file) throw new Error(`no OCR data for ${code}`);
    return file;
  });
  if (files.length === 1) return dirname(files[0]!);
  const folder = join(tmpdir(), `genie-ocr-${createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16)}`);
  mkdirSync(folder, { recursive: true });
  codes.forEach((code, i) => {
    const link = join(folder, `${code}.traineddata.gz`);
    try {
      symlinkSync(files[i]!, link);
    } catch (error) {
      // Another worker made it first.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  });
  return folder;
}
