import Tesseract from 'tesseract.js';
import { ocrLangPath } from './language-data';

/**
 * Tesseract (tesseract.js: the C++ engine compiled to WebAssembly, in a worker thread of this
 * extraction worker process, so the pool's memory watch and timeout cover it). One engine per
 * process, made at the first picture and kept for the process's next jobs (loading a language
 * takes a few hundred milliseconds). Language data is read from its npm package only: langPath
 * is a local folder and the cache is off, so tesseract.js never fetches or writes anything.
 */
let engine: { languages: string; worker: Promise<Tesseract.Worker> } | null = null;

/** The text in an encoded picture (PNG, JPEG, TIFF, WebP, PNM). Throws when Tesseract cannot read it. */
export async function recognize(image: Buffer, languages: string[]): Promise<string> {
  const key = languages.join('+');
  if (!engine || engine.languages !== key) {
    drop();
    engine = {
      languages: key,
      worker: Tesseract.createWorker(key, Tesseract.OEM.LSTM_ONLY, {
        langPath: ocrLangPath(languages),
        cacheMethod: 'none',
        gzip: true,
        // Without a handler tesseract.js throws each failure (a picture it cannot read) from its message
        // listener as well, an uncaught exception that ended the worker process; the job's promise still rejects.
        errorHandler: () => undefined,
      }),
    };
  }
  try {
    const worker = await engine.worker;
    const { data } = await worker.recognize(image);
    return data.text;
  } catch (error) {
    // The engine's state after a failure is unknown: the next picture gets a new one.
    drop();
    throw error instanceof Error ? error : new Error(String(error));
  }
}

function drop() {
  const old = engine;
  engine = null;
  void old?.worker.then((worker) => worker.terminate()).catch(() => undefined);
}
