import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const TEMPLATE = fileURLToPath(new URL('../../client/pwa/sw.js', import.meta.url));

/**
 * index.html (Vite writes it after this plugin has looked at the bundle; its hashed script names are
 * in the list, so the version still follows it) and the files from client/public the shell needs.
 */
const PUBLIC_SHELL = ['/index.html', '/favicon.png', '/theme-init.js', '/manifest.webmanifest', '/icons/icon-192.png'];

/**
 * A hashed file larger than this is left to be cached when first used instead of at install: the
 * PDF and OCR readers are megabytes a user may never need, and installing must stay quick.
 */
const PRECACHE_MAX_BYTES = 600 * 1024;

/**
 * Writes /sw.js from client/pwa/sw.js with the build's file list: the hashed JS and CSS, index.html
 * and the public files above. Its version is a hash of that list, so every build that changes a
 * file changes the worker's bytes, and the browser installs it (the page then offers a reload).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'genie-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files: string[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        const size = output.type === 'chunk' ? Buffer.byteLength(output.code) : typeof output.source === 'string' ? Buffer.byteLength(output.source) : output.source.byteLength;
        const shell = fileName.startsWith('assets/') && /\.(js|css|woff2?)$/.test(fileName) && size <= PRECACHE_MAX_BYTES;
        if (shell) files.push(`/${fileName}`);
      }
      const precache = [...files.sort(), ...PUBLIC_SHELL];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(TEMPLATE, 'utf8').replace('__GENIE_VERSION__', JSON.stringify(version)).replace('__GENIE_PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
