// Figure 4: GET /api/files (Home's first page) and GET /api/search over a library of 1,000 and
// 10,000 files. The files are Fastify's documentation (node_modules/fastify/docs, the corpus of
// bench/lib/retrieval-corpus.ts) cut into pieces of about 1,500 characters, uploaded as ZIP
// archives through the API's own import (at most IMPORT_MAX_FILES, 2,000, an archive) and indexed
// by Genie's indexer, the way a user's library is filled; then 20 questions as people type them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { signUp } from './lib/http.mjs';
import { freePort, healthyAfter, ROOT, spawnGenie, startFakeModel, stop, stopGenie, tempDataDir } from './lib/processes.mjs';
import { loadTracker, median, percentile, round } from './lib/stats.mjs';
import { storedZip } from './lib/zip.mjs';

const SIZES = (process.env.OUTSIDE_LIBRARY_SIZES ?? '1000,10000').split(',').map(Number);
const ARCHIVE_FILES = 1000;
const INDEX_TIMEOUT_MS = Number(process.env.OUTSIDE_INDEX_TIMEOUT_MS ?? 20 * 60_000);
const REPEATS = 30;
/** A word found in no document: written only into the last file, so its search answers once all are indexed. */
const LAST_MARKER = 'zzoutsidelastmarker';

// The same twenty questions as bench/search-scale.bench.ts, so the figures compare.
const QUESTIONS = JSON.parse(readFileSync(join(ROOT, 'bench/lib/search-scale-questions.json'), 'utf8'));

function docPieces() {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name.endsWith('.md') ? [readFileSync(path, 'utf8')] : [];
    });
  const text = walk(join(ROOT, 'node_modules/fastify/docs')).join('\n\n');
  const pieces = [];
  for (let at = 0; at < text.length; at += 1500) pieces.push(text.slice(at, at + 1500));
  return pieces;
}

async function api(url, cookie, init = {}) {
  const response = await fetch(url, { ...init, headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Uploads files numbered from `from` to `to` (exclusive) as archives and imports them into Home. */
async function importFiles(base, cookie, pieces, from, to, last) {
  for (let start = from; start < to; start += ARCHIVE_FILES) {
    const entries = [];
    for (let i = start; i < Math.min(to, start + ARCHIVE_FILES); i++) {
      const text = pieces[i % pieces.length] + (last && i === to - 1 ? `\n\n${LAST_MARKER}\n` : '');
      entries.push({ name: `doc-${String(i).padStart(6, '0')}.md`, text });
    }
    const bytes = storedZip(entries);
    const { uploadURL } = await api(`${base}/api/objects/upload`, cookie, { method: 'POST' });
    const put = await fetch(new URL(uploadURL, base), { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: bytes });
    if (put.status !== 200) throw new Error(`PUT archive: ${put.status} ${await put.text()}`);
    const { objectPath } = await api(`${base}/api/files/upload-complete`, cookie, { method: 'PUT', body: JSON.stringify({ fileURL: uploadURL }) });
    await api(`${base}/api/files/import`, cookie, { method: 'POST', body: JSON.stringify({ objectPath }) });
  }
}

/** Waits until the marker in the last file is found: the indexer has reached the end. */
async function indexed(base, cookie) {
  const started = performance.now();
  for (;;) {
    const { results } = await api(`${base}/api/search?q=${LAST_MARKER}`, cookie);
    if (results.length > 0) return performance.now() - started;
    if (performance.now() - started > INDEX_TIMEOUT_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

async function timed(url, cookie) {
  const started = performance.now();
  await api(url, cookie);
  return performance.now() - started;
}

export async function measureLibrary() {
  const fake = await startFakeModel();
  const data = tempDataDir('library');
  const genie = spawnGenie({ dataDir: data.dir, port: await freePort(), fakeUrl: fake.url });
  const rows = [];
  try {
    await healthyAfter(genie.url, genie.started);
    const cookie = await signUp(genie.url, 'library');
    const pieces = docPieces();
    let have = 0;
    for (const size of SIZES) {
      const seedStarted = performance.now();
      await importFiles(genie.url, cookie, pieces, have, size, true);
      have = size;
      const indexMs = await indexed(genie.url, cookie);
      const seedText = indexMs === null ? `indexing not finished after ${INDEX_TIMEOUT_MS / 60_000} min` : `seeded and indexed through the API in ${round((performance.now() - seedStarted) / 1000, 0)} s`;
      const load = loadTracker();
      for (let i = 0; i < 5; i++) await timed(`${genie.url}/api/files`, cookie); // warm-up
      const list = [];
      for (let i = 0; i < REPEATS; i++) list.push(await timed(`${genie.url}/api/files`, cookie));
      const search = [];
      const slowest = { ms: 0, q: '' };
      for (let r = 0; r < 2; r++) {
        for (const q of QUESTIONS) {
          const ms = await timed(`${genie.url}/api/search?q=${encodeURIComponent(q)}`, cookie);
          if (r === 0) continue; // the first pass warms the caches, as the in-suite bench's does
          search.push(ms);
          if (ms > slowest.ms) Object.assign(slowest, { ms, q });
        }
      }
      const loadText = load();
      rows.push({
        key: `files-${size}`,
        figure: `GET /api/files, Home's first page, ${size.toLocaleString('en-US')} files (PGlite)`,
        value: median(list),
        text: `median ${round(median(list))} ms, p95 ${round(percentile(list, 0.95))} ms (${REPEATS} requests; ${seedText})`,
        load: loadText,
      });
      rows.push({
        key: `search-${size}`,
        figure: `GET /api/search, ${QUESTIONS.length} questions, ${size.toLocaleString('en-US')} files (PGlite)`,
        value: percentile(search, 0.95),
        text: `p95 ${round(percentile(search, 0.95))} ms, median ${round(median(search))} ms (slowest: "${slowest.q}" ${round(slowest.ms)} ms)`,
        load: loadText,
      });
    }
  } finally {
    await stopGenie(genie);
    data.remove();
    await stop(fake.child);
  }
  return rows;
}
