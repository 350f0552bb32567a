/**
 * Retrieval quality and search latency (issue 16): full-text search, and hybrid retrieval when an
 * embedding model is reachable.
 *
 * Corpus (bench/lib/retrieval-corpus.ts): Fastify's own documentation, the Markdown files the
 * `fastify` npm package ships in node_modules/fastify/docs (real public documentation,
 * MIT-licensed, not written for this test), cut into passages by the indexer's own code and stored
 * with its own SQL. 44 questions (bench/lib/retrieval-questions.ts), phrased as a person would ask
 * them (not copied from the text), each with its answer: the file and a phrase the right passage
 * holds. A passage is a hit when it comes from that file and contains the phrase.
 *
 * Figures: recall@5 (a right passage among the first 5), MRR@10; then search latency (GET
 * /api/search's service: both ranking stages, highlights, folder paths) for one user with 10,000
 * indexed files on PGlite, median of the questions run in turn, with its EXPLAIN ANALYZE.
 *
 * Hybrid: with BENCH_EMBEDDINGS=llama the bench starts llama.cpp on tests/fixtures/genie-tiny.gguf
 * (tests/peers/llama-server.ts) and embeds with it; with GENIE_EMBEDDING_MODEL (and its provider's
 * base URL and key) set, it uses that model.
 */
import { sql } from 'drizzle-orm';
import { createEmbedder, type Embedder } from '../server/adapters/llm/embeddings';
import { loadConfig } from '../server/config';
import { openMemoryPglite } from '../server/db/pglite-memory';
import { readableFiles } from '../server/modules/files/file-access';
import { createEmbeddingWorker } from '../server/modules/search/embedding-worker';
import { embeddingsRepository } from '../server/modules/search/embeddings.repository';
import { searchRepository } from '../server/modules/search/search.repository';
import { createSearchService, type RetrieveOptions } from '../server/modules/search/search.service';
import { explainingDb } from './lib/explain-db';
import { buildCorpus, copyToFiles } from './lib/retrieval-corpus';
import { median, report, round, scaled } from './lib/report';
import { QUESTIONS } from './lib/retrieval-questions';

const LANGUAGE = 'english';

const database = await openMemoryPglite();
const db = database.db;
const corpus = await buildCorpus(db, LANGUAGE);
const { userId, passageCount } = corpus;
const answerIds = (answer: string) => new Set(answer.split('|').map((file) => corpus.files.get(file)!.id));

// ── the embedding model, when there is one ──
let closeModel = async () => {};
let embedder: Embedder | null = null;
// The tiny GGUF's tokenizer makes ~1.7 characters a token and its embedding context is 512 tokens.
let embeddingChars = Number(process.env.GENIE_EMBEDDING_MAX_CHARS ?? 1500);
if (process.env.BENCH_EMBEDDINGS === 'llama') {
  const { startLlamaServer } = await import('../tests/peers/llama-server');
  const peer = await startLlamaServer({ modelPath: 'tests/fixtures/genie-tiny.gguf' });
  closeModel = () => peer.close();
  embeddingChars = 800;
  embedder = createEmbedder(loadConfig({ NODE_ENV: 'test', GENIE_EMBEDDING_MODEL: 'openai-compatible:genie-tiny', OPENAI_COMPATIBLE_BASE_URL: peer.url }));
} else if (process.env.GENIE_EMBEDDING_MODEL) {
  embedder = createEmbedder(loadConfig({ ...process.env, NODE_ENV: 'test' }));
}
if (embedder) {
  const worker = createEmbeddingWorker({ db, embedder, pgvector: false, maxChars: embeddingChars, onError: (m) => console.error(m) });
  const started = performance.now();
  await worker.idle();
  const embedded = await embeddingsRepository.count(db, embedder.model);
  console.error(`embedded ${embedded} of ${passageCount} passages with ${embedder.model} in ${round((performance.now() - started) / 1000)} s`);
  await worker.stop();
}

// ── quality ──
const service = createSearchService({ db, language: LANGUAGE, embedder, onError: (m) => console.error(m) });

async function quality(options: RetrieveOptions = {}) {
  let hitsAt5 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const [question, answer, phrase] of QUESTIONS) {
    const ids = answerIds(answer);
    const ranked = await service.retrieve(userId, question, { scope: 'all' }, 10, options);
    const rank = ranked.findIndex((p) => ids.has(p.fileId) && p.body.includes(phrase));
    if (rank >= 0 && rank < 5) hitsAt5++;
    else misses.push(`${question} → ${ranked.slice(0, 3).map((p) => p.fileName).join(', ') || 'nothing'}`);
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  return { recall5: hitsAt5 / QUESTIONS.length, mrr10: reciprocal / QUESTIONS.length, misses };
}

// Rankings tried while tuning (the first is the one shipped, DEFAULT_RANKING).
const RANKINGS: [string, string | undefined][] = [
  ['shipped', undefined],
  ['cd, name A=1.0', `ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', p.tsv, qq.q_any) * (case when p.tsv @@ qq.q_all then 2 else 1 end)`],
  ['cd, flat weights', `ts_rank_cd('{0.1, 0.1, 0.1, 0.1}', p.tsv, qq.q_any)`],
  ['rank, name 0.3 heading 0.2', `ts_rank('{0.1, 0.1, 0.2, 0.3}', p.tsv, qq.q_any)`],
  ['rank, length-normalised', `ts_rank('{0.1, 0.1, 0.2, 0.3}', p.tsv, qq.q_any, 1)`],
  ['cd, name 0.3 heading 0.2', `ts_rank_cd('{0.1, 0.1, 0.2, 0.3}', p.tsv, qq.q_any)`],
  ['rank, no name/heading weight', `ts_rank('{0.1, 0.1, 0.1, 0.1}', p.tsv, qq.q_any) * (case when p.tsv @@ qq.q_all then 2 else 1 end)`],
  ['rank, name 0.13 heading 0.12, all-words boost', `ts_rank('{0.1, 0.1, 0.12, 0.13}', p.tsv, qq.q_any) * (case when p.tsv @@ qq.q_all then 2 else 1 end)`],
  ['rank, name 0.15 heading 0.15, all-words boost', `ts_rank('{0.1, 0.1, 0.15, 0.15}', p.tsv, qq.q_any) * (case when p.tsv @@ qq.q_all then 2 else 1 end)`],
  ['rank, length-normalised, all-words boost', `ts_rank('{0.1, 0.1, 0.2, 0.3}', p.tsv, qq.q_any, 1) * (case when p.tsv @@ qq.q_all then 2 else 1 end)`],
];
for (const [label, ranking] of process.env.SKIP_VARIANTS ? [] : RANKINGS.slice(1)) {
  const q = await quality({ ranking, fullTextOnly: true });
  console.error(`ranking "${label}": recall@5 ${round(q.recall5, 3)}, MRR@10 ${round(q.mrr10, 3)}`);
}
const { recall5, mrr10, misses } = await quality({ fullTextOnly: true });
const single = await quality({ fullTextOnly: true, cutSize: null });
console.error(`single-stage (every match scored): recall@5 ${round(single.recall5, 3)}, MRR@10 ${round(single.mrr10, 3)}`);
console.error(`corpus: ${corpus.files.size} files, ${passageCount} passages; shipped ranking: recall@5 ${round(recall5, 3)}, MRR@10 ${round(mrr10, 3)}`);
for (const miss of misses) console.error(`  miss: ${miss}`);
report({
  figure: `(search) retrieval quality, full-text only: recall@5 over ${QUESTIONS.length} questions on Fastify's docs (${corpus.files.size} files, ${passageCount} passages)`,
  baseline: 'target 0.8',
  measured: `recall@5 ${round(recall5, 3)}, MRR@10 ${round(mrr10, 3)}`,
  ratio: round(recall5, 3),
  target: 'recall@5 ≥ 0.8',
  met: recall5 >= 0.8,
});

if (embedder) {
  const hybrid = await quality();
  console.error(`hybrid (${embedder.model}): recall@5 ${round(hybrid.recall5, 3)}, MRR@10 ${round(hybrid.mrr10, 3)}`);
  for (const miss of hybrid.misses) console.error(`  miss: ${miss}`);
  report({
    figure: `(search) retrieval quality, hybrid (RRF of full-text and ${embedder.model} vectors): recall@5 over ${QUESTIONS.length} questions`,
    baseline: `full-text alone: recall@5 ${round(recall5, 3)}, MRR@10 ${round(mrr10, 3)}`,
    measured: `recall@5 ${round(hybrid.recall5, 3)}, MRR@10 ${round(hybrid.mrr10, 3)}`,
    ratio: round(hybrid.recall5, 3),
    target: 'recall@5 ≥ full-text alone',
    met: hybrid.recall5 >= recall5,
  });
}
if (process.env.QUALITY_ONLY) {
  await closeModel();
  process.exit(0);
}

// ── latency with 10,000 indexed files: the corpus's passages copied over 10,000 files ──
const FILES = scaled(10_000, 1_000);
const total = await copyToFiles(db, userId, FILES, corpus.files.size);
const times: number[] = [];
for (let round_ = 0; round_ < 3; round_++) {
  for (const [question] of QUESTIONS) {
    const started = performance.now();
    await service.search(userId, { q: question, scope: 'all', limit: 10 });
    if (round_ > 0) times.push(performance.now() - started);
  }
}
const p50 = median(times);
if (process.env.EXPLAIN) {
  // The plan of the ranking statement for one question (run in a transaction: set local).
  const question = QUESTIONS[10]![0];
  const explained: string[] = [];
  await searchRepository.rankPassages(explainingDb(db, explained), LANGUAGE, question, { readable: readableFiles(userId), userId, scope: 'all' }, 10);
  console.error(`EXPLAIN ANALYZE for "${question}", statement by statement:\n${explained.join('\n---\n')}`);
}
console.error(`latency: ${FILES} files, ${total} passages, median ${round(p50)} ms`);
report({
  figure: `(search) GET /api/search's query for one user with ${FILES.toLocaleString('en-US')} indexed files (${total} passages, PGlite), median of ${times.length}`,
  baseline: 'target 50 ms',
  measured: `${round(p50)} ms`,
  ratio: round(p50 / 50, 2),
  target: 'median < 50 ms',
  met: p50 < 50,
});
if (embedder) {
  // Every copied passage gets a vector of the model's width (a copy of one), so the vector path
  // reads and compares as many as a fully embedded library of this size would have.
  await db.execute(sql`
    insert into passage_embeddings (passage_id, file_id, model, dims, vector)
    select p.id, p.file_id, e.model, e.dims, e.vector from passages p cross join (select * from passage_embeddings where dims > 0 limit 1) e
    where not exists (select 1 from passage_embeddings x where x.passage_id = p.id)`);
  const [query] = await embedder.embed([QUESTIONS[0]![0]]);
  const vectorTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await embeddingsRepository.nearest(db, embedder.model, { readable: readableFiles(userId), userId, scope: 'all' }, query!, 40, false);
    if (i > 1) vectorTimes.push(performance.now() - started);
  }
  console.error(`vector ranking in this process: ${total} passages of width ${query!.length}, median ${round(median(vectorTimes))} ms`);
}
await closeModel();
await database.close();
