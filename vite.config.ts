import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { pagePreloads } from './scripts/build/page-preloads.ts';
import { precompressDirectory } from './scripts/build/precompress.ts';
import { serverRender } from './scripts/build/server-render.ts';
import { serviceWorker } from './scripts/build/service-worker.ts';

const root = fileURLToPath(new URL('./client', import.meta.url));

/**
 * What every signed-in page loads before it can draw (TanStack Query, the guard, the first reads,
 * class merging, the spinner), built as one file. Each was a chunk of its own: /files asked for
 * 17 files, and with Chromium's 6 connections to one origin they came in three rounds. It now asks
 * for 10 (two rounds), and with 40 ms of network latency its first rows came ~65 ms sooner
 * (bench/profile/files-first-visits.ts, alternated). The landing page loads none of it. Their
 * dependencies stay where they were (includeDependenciesRecursively: false): with them, the group
 * took in modules the landing page needs too, and the landing page then loaded this file.
 */
const SIGNED_IN_SHELL = [
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
  /node_modules[\\/]tailwind-merge[\\/]/,
  /client[\\/]src[\\/]app[\\/](query-shell|first-data)\./,
  /client[\\/]src[\\/]features[\\/]auth[\\/]components[\\/]require-auth\./,
  /client[\\/]src[\\/]features[\\/]files[\\/]api[\\/]get-files\./,
  /client[\\/]src[\\/]lib[\\/](query-client|current-user|utils)\./,
  /client[\\/]src[\\/]components[\\/]ui[\\/]spinner\./,
];

/** After a production build: brotli and gzip copies of each text asset, sent by negotiation. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'genie-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}

const aliases = {
  alias: {
    '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    '@': fileURLToPath(new URL('./client/src', import.meta.url)),
  },
};

export default defineConfig({
  root,
  // precompress runs first and at once (it is synchronous), so it never meets the render's files.
  plugins: [react(), tailwindcss(), pagePreloads(), serviceWorker(), precompress(), serverRender({ resolve: aliases })],
  resolve: aliases,
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Shared modules under 24 KB (icons, buttons, small helpers) are copied into the chunks that
    // use them instead of each becoming a chunk of its own: /chat asked for 58 files, and Chromium
    // fetches 6 at a time from one origin, so the page waited ~0.5 s on small requests in line
    // (24 requests and 277 KB now, against 58 and 275 KB). Entry signatures need not be kept: no
    // page imports another's exports.
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 24 * 1024 },
          groups: [{ name: 'signed-in', test: (id) => SIGNED_IN_SHELL.some((module) => module.test(id)), includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
