/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a finished
 * client build, so the server sends them by negotiation (@fastify/static `preCompressed`)
 * without compressing anything per request. Used by vite.config.ts after the bundle is written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats only: images, fonts (woff2 is already brotli) and the like do not shrink. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/;
/** Below this the headers of a compressed answer weigh about as much as the saving. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Compresses every eligible file under `dir`; a copy that would not be smaller is not written. */
export function precompressDirectory(dir: string) {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    for (const [extension, copy] of [['br', brotli], ['gz', gzip]] as const) {
      if (copy.length >= source.length) continue;
      writeFileSync(`${file}.${extension}`, copy);
      written++;
    }
  }
  return written;
}
