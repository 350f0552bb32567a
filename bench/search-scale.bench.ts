/**
 * Search's tail at scale (issues 48 and 39): GET /api/search's service for one user whose library
 * grows 1,000 → 10,000 → 100,000 indexed files, 20 varied questions at each size, median and p95,
 * against the ranking statement alone (searchRepository.rankPassages: the SQL, without the
 * folder paths and the response's shaping). An outside measurement found the median fine (62 ms
 * at 100k) but p95 1,083 ms: three questions of twenty took 0.85–1.12 s.
 *
 * The library is seeded by direct inserts (bench/lib/search-library.ts): Fastify's docs indexed by
 * the indexer's own code once, then copied three passages to a file. PGlite in memory first,
 * then on a scratch PostgreSQL database (created and dropped); SEARCH_BENCH_DB=pglite (or postgres)
 * runs one of them.
 * SEARCH_SCALE_FILES="1000,10000" picks the sizes; EXPLAIN=1 prints the plans of the slowest
 * questions at the largest size.
 */
import { createSearchService } from '../server/modules/search/search.service';
import { searchRepository } from '../server/modules/search/search.repository';
import { readableFiles } from '../server/modules/files/file-access';
import type { Database } from '../server/db/database';
import { openMemoryPglite } from '../server/db/pglite-memory';
import { openPostgres } from '../server/db/postgres';
import { createScratchDatabase } from '../tests/reliability/support/postgres';
import { explainingDb } from './lib/explain-db';
import { buildCorpus } from './lib/retrieval-corpus';
import { median, percentile, report, round, scaled } from './lib/report';
import { growLibrary } from './lib/search-library';
import questions from './lib/search-scale-questions.json';

const LANGUAGE = 'english';
const ROUNDS = 3; // the first is a warm-up, not timed
const TARGET_P95_MS = 200;

/**
 * Twenty questions as people type them into the search box: full questions, a few words, one
 * common word, a quoted phrase, a name of an option; most share Fastify's common words (request,
 * reply, route, server, plugin), which match a large part of the library. Kept in a JSON file so
 * the outside script (bench/outside/library.mjs) asks the same ones.
 */
const QUESTIONS: string[] = questions;

const sizes = (process.env.SEARCH_SCALE_FILES ?? scaled('1000,10000,100000', '1000,10000')).split(',').map(Number);
const engines = (process.env.SEARCH_BENCH_DB ?? 'pglite,postgres').split(',');

/** Grows one library through `sizes` on one engine and reports each size's figure. */
async function measure(onPostgres: boolean): Promise<void> {
  const scratch = onPostgres ? await createScratchDatabase() : null;
  const database: Database = scratch ? await openPostgres(scratch.url) : await openMemoryPglite();
  const engine = onPostgres ? 'PostgreSQL' : 'PGlite';
  const db = database.db;
  try {
    const seedStarted = performance.now();
    const corpus = await buildCorpus(db, LANGUAGE);
    const { userId } = corpus;
    const service = createSearchService({ db, language: LANGUAGE });
    const filter = { readable: readableFiles(userId), userId, scope: 'all' as const };
    let existing = corpus.files.size;
    for (const size of sizes) {
      const grown = performance.now();
      const passageCount = await growLibrary(db, userId, corpus.files.size, existing, size);
      existing = size;
      console.error(`${engine}: ${size} files, ${passageCount} passages, seeded in ${round((performance.now() - grown) / 1000, 1)} s`);

      const apiTimes: number[] = [];
      const sqlTimes: number[] = [];
      const perQuestion = new Map<string, number[]>();
      for (let r = 0; r < ROUNDS; r++) {
        for (const q of QUESTIONS) {
          // The service and the statement alone, in alternation, so other work lands on both alike.
          let started = performance.now();
          await service.search(userId, { q, scope: 'all', limit: 10 });
          const api = performance.now() - started;
          started = performance.now();
          await searchRepository.rankPassages(db, LANGUAGE, q, filter, 10);
          const bare = performance.now() - started;
          if (r === 0) continue;
          apiTimes.push(api);
          sqlTimes.push(bare);
          perQuestion.set(q, [...(perQuestion.get(q) ?? []), api]);
        }
      }
      const slowest = [...perQuestion].map(([q, t]) => ({ q, ms: median(t) })).sort((a, b) => b.ms - a.ms);
      console.error(`  slowest: ${slowest.slice(0, 5).map((s) => `"${s.q}" ${round(s.ms)} ms`).join('; ')}`);
      const p50 = median(apiTimes);
      const p95 = percentile(apiTimes, 95);
      const sqlP95 = percentile(sqlTimes, 95);
      console.error(`  median ${round(p50)} ms, p95 ${round(p95)} ms; the ranking statement alone: median ${round(median(sqlTimes))} ms, p95 ${round(sqlP95)} ms`);
      report({
        figure: `(search) GET /api/search's service at ${size.toLocaleString('en-US')} indexed files (${passageCount} passages, ${engine}), ${QUESTIONS.length} questions × ${ROUNDS - 1}`,
        baseline: `the ranking statement alone: median ${round(median(sqlTimes))} ms, p95 ${round(sqlP95)} ms`,
        measured: `median ${round(p50)} ms, p95 ${round(p95)} ms (slowest: "${slowest[0]!.q}" ${round(slowest[0]!.ms)} ms)`,
        ratio: round(p95 / sqlP95, 2),
        target: `p95 < ${TARGET_P95_MS} ms`,
        met: p95 < TARGET_P95_MS,
        gap:
          p95 < TARGET_P95_MS
            ? undefined
            : `the slowest questions' "any two" level matches a middling share of the library (5 % for "${slowest[0]!.q}"): too sparse for the first cut's walk, so its GIN bitmap (every passage holding any of the words) is built whole; next: leave pairs of two common words out of that level (docs/decisions.md, "Search's tail at 100k files")`,
      });
      if (process.env.EXPLAIN && size === sizes.at(-1)) {
        for (const { q } of slowest.slice(0, 3)) {
          const plans: string[] = [];
          await searchRepository.rankPassages(explainingDb(db, plans), LANGUAGE, q, filter, 10);
          console.error(`EXPLAIN ANALYZE of the ranking for "${q}", statement by statement:\n${plans.join("\n---\n")}\n`);
        }
      }
    }
    console.error(`${engine}: whole run ${round((performance.now() - seedStarted) / 1000, 1)} s`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

for (const engine of engines) await measure(engine === 'postgres');
