/**
 * Retrieval quality and search latency (issue 16), full-text search alone.
 *
 * Corpus: Fastify's own documentation, the Markdown files the `fastify` npm package ships in
 * node_modules/fastify/docs (real public documentation, MIT-licensed, not written for this test).
 * Each file is cut into passages by the indexer's own code (extraction + chunker, run in-process
 * here) and stored with the indexer's own SQL. 44 questions, phrased as a person would ask them
 * (not copied from the text), each with its answer: the file and a phrase the right passage holds.
 * A passage is a hit when it comes from that file and contains the phrase.
 *
 * Figures: recall@5 (a right passage among the first 5), MRR@10; then search latency (GET
 * /api/search's service: ranking, highlights, folder paths) for one user with 10,000 indexed files
 * on PGlite, median of the questions run in turn.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { extractText } from '../server/adapters/extraction/extract';
import { DEFAULT_EXTRACTION_LIMITS } from '../server/adapters/extraction/limits';
import type { PassageDraft } from '../server/adapters/extraction/chunk-passages';
import { openMemoryPglite } from '../server/db/pglite';
import { files } from '../server/db/schema/files';
import { users } from '../server/db/schema/users';
import { searchRepository } from '../server/modules/search/search.repository';
import { createSearchService } from '../server/modules/search/search.service';
import { median, report, round, scaled } from './lib/report';

const DOCS = join(process.cwd(), 'node_modules/fastify/docs');
const LANGUAGE = 'english';

/** [question, answer file (relative to docs/; "a|b" when either file answers it), phrase the answer passage contains] */
const QUESTIONS: [string, string, string][] = [
  ['How do I limit how large a request body may be?', 'Reference/Server.md', 'bodyLimit'],
  ['Trust the X-Forwarded-For header when running behind a reverse proxy', 'Reference/Server.md', 'trustProxy'],
  ['How long may the server take to load a plugin before it gives up?', 'Reference/Server.md', 'pluginTimeout'],
  ['Answer 503 while the server is shutting down', 'Reference/Server.md', 'return503OnClosing'],
  ['Make URL matching ignore a trailing slash', 'Reference/Server.md', 'ignoreTrailingSlash'],
  ['Which header carries the request id?', 'Reference/Server.md', 'requestIdHeader'],
  ['Set a custom 404 handler for unknown routes', 'Reference/Server.md', 'setNotFoundHandler'],
  ['Test a route without starting an HTTP server by injecting fake requests', 'Reference/Server.md|Guides/Testing.md', 'inject'],
  ['How do I print all registered routes as a tree?', 'Reference/Server.md', 'printRoutes'],
  ['What happens with a request whose JSON contains __proto__?', 'Reference/Server.md', 'onProtoPoisoning'],
  ['Set the HTTP status code of a reply', 'Reference/Reply.md', '.code(statusCode)'],
  ['Redirect the client to another URL', 'Reference/Reply.md', 'redirect'],
  ['Take over the raw response so Fastify does not send anything', 'Reference/Reply.md', 'hijack'],
  ['Send 103 Early Hints before the response', 'Reference/Reply.md', 'writeEarlyHints'],
  ['How do I send a stream as the response?', 'Reference/Reply.md', 'stream'],
  ['Get the client IP address of a request', 'Reference/Request.md', '.ip'],
  ['Is the request for a route that does not exist?', 'Reference/Request.md', 'is404'],
  ['Read the route parameters of the URL', 'Reference/Request.md', 'params'],
  ['Which hook runs before the request body is parsed?', 'Reference/Hooks.md', 'preParsing'],
  ['Change the payload just before it is sent to the client', 'Reference/Hooks.md', 'onSend'],
  ['Run code after the response has been sent, for example for metrics', 'Reference/Hooks.md', 'onResponse'],
  ['Detect that the client closed the connection before the request completed', 'Reference/Hooks.md|Guides/Detecting-When-Clients-Abort.md', 'abort'],
  ['Be notified whenever a new route is added', 'Reference/Hooks.md', 'onRoute'],
  ['Run cleanup when the server closes, like closing a database connection', 'Reference/Hooks.md', 'onClose'],
  ['Declare a route with the full options object instead of the shorthand', 'Reference/Routes.md', 'Full declaration'],
  ['Add a prefix to every route of a plugin', 'Reference/Routes.md', 'prefix'],
  ['Serve different handlers depending on the Accept-Version header', 'Reference/Routes.md', 'Version'],
  ['Set a different log level for a single route', 'Reference/Routes.md', 'logLevel'],
  ['Hide passwords and authorization headers in the logs', 'Reference/Logging.md', 'redact'],
  ['Use pino-pretty to make logs readable during development', 'Reference/Logging.md', 'pino-pretty'],
  ['Add a new property to the request object', 'Reference/Decorators.md', 'decorateRequest'],
  ['Check whether a decorator already exists', 'Reference/Decorators.md', 'hasDecorator'],
  ['Parse a body of a custom content type such as YAML or CSV', 'Reference/ContentTypeParser.md', 'addContentTypeParser'],
  ['Accept any content type with a catch-all parser', 'Reference/ContentTypeParser.md', "'*'"],
  ['Share a JSON schema between routes with $ref', 'Reference/Validation-and-Serialization.md', 'addSchema'],
  ['Coerce query string values to the types of the schema', 'Reference/Validation-and-Serialization.md', 'coerceTypes'],
  ['Make the response faster by declaring a response schema', 'Reference/Validation-and-Serialization.md', 'fast-json-stringify'],
  ['Why does a decorator added inside a plugin not exist outside it?', 'Reference/Encapsulation.md', 'encapsulation'],
  ['Break encapsulation so a plugin affects its parent', 'Reference/Plugins.md', 'fastify-plugin'],
  ['Use Express middleware in Fastify', 'Reference/Middleware.md', '@fastify/express'],
  ['Serve over HTTP/2 with TLS', 'Reference/HTTP2.md', 'http2'],
  ['Which Fastify versions still get security fixes?', 'Reference/LTS.md', 'Long Term Support'],
  ['Make Fastify accept requests only after some setup work finished', 'Guides/Delay-Accepting-Requests.md', 'onRequest'],
  ['Write tests for a Fastify application with inject', 'Guides/Testing.md', 'inject'],
];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

async function passagesOf(text: string): Promise<PassageDraft[]> {
  const input = { async *[Symbol.asyncIterator]() { yield Buffer.from(text); } };
  const result = await extractText({ kind: 'text', maxChars: DEFAULT_EXTRACTION_LIMITS.maxChars, limits: DEFAULT_EXTRACTION_LIMITS, output: 'passages' }, input);
  return result.passages ?? [];
}

const database = await openMemoryPglite();
const db = database.db;
const [user] = await db.insert(users).values({ username: 'bench', email: 'bench@example.com', passwordHash: 'x' }).returning();
const userId = user!.id;

async function indexFile(name: string, drafts: PassageDraft[], index: number): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({ userId, originalName: name, storedName: `s${index}`, mimeType: 'text/markdown', category: 'document', size: 1, objectPath: `/objects/bench/${index}`, indexStatus: 'indexing' })
    .returning({ id: files.id });
  await searchRepository.storePassages(db, row!.id, LANGUAGE, drafts);
  return row!.id;
}

// ── the corpus ──
const corpus = new Map<string, { id: string; drafts: PassageDraft[] }>();
let passageCount = 0;
for (const [i, path] of markdownFiles(DOCS).entries()) {
  const rel = relative(DOCS, path);
  const drafts = await passagesOf(readFileSync(path, 'utf8'));
  passageCount += drafts.length;
  corpus.set(rel, { id: await indexFile(rel.split('/').pop()!, drafts, i), drafts });
}
for (const [question, answer, phrase] of QUESTIONS) {
  for (const file of answer.split('|')) {
    const entry = corpus.get(file);
    if (!entry || !entry.drafts.some((d) => d.body.includes(phrase))) throw new Error(`answer not in the corpus: ${file} "${phrase}" (${question})`);
  }
}
const answerIds = (answer: string) => new Set(answer.split('|').map((file) => corpus.get(file)!.id));

// ── quality ──
const service = createSearchService({ db, language: LANGUAGE });

async function quality(ranking?: string) {
  let hitsAt5 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const [question, answer, phrase] of QUESTIONS) {
    const ids = answerIds(answer);
    const ranked = await service.retrieve(userId, question, { scope: 'all' }, 10, ranking);
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
  const q = await quality(ranking);
  console.error(`ranking "${label}": recall@5 ${round(q.recall5, 3)}, MRR@10 ${round(q.mrr10, 3)}`);
}
const { recall5, mrr10, misses } = await quality();
console.error(`corpus: ${corpus.size} files, ${passageCount} passages; shipped ranking: recall@5 ${round(recall5, 3)}, MRR@10 ${round(mrr10, 3)}`);
for (const miss of misses) console.error(`  miss: ${miss}`);
if (process.env.QUALITY_ONLY) process.exit(0);
report({
  figure: `(search) retrieval quality, full-text only: recall@5 over ${QUESTIONS.length} questions on Fastify's docs (${corpus.size} files, ${passageCount} passages)`,
  baseline: 'target 0.8',
  measured: `recall@5 ${round(recall5, 3)}, MRR@10 ${round(mrr10, 3)}`,
  ratio: round(recall5, 3),
  target: 'recall@5 ≥ 0.8',
  met: recall5 >= 0.8,
});

// ── latency with 10,000 indexed files: the corpus's passages copied over 10,000 files ──
const FILES = scaled(10_000, 1_000);
// Built once after the bulk copy: a GIN index made in one pass is far faster than 30,000 inserts into it.
await db.execute(sql`drop index passages_tsv_idx`);
await db.execute(sql`
  insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path, index_status)
  select ${userId}::uuid, 'copy-' || g || '.md', 'c' || g, 'text/markdown', 'document', 1, '/objects/bench/copy/' || g, 'indexed'
  from generate_series(1, ${FILES - corpus.size}) g`);
await db.execute(sql`
  with originals as (select row_number() over (order by id) - 1 as k, * from passages),
       n as (select count(*) as total from originals),
       copies as (select row_number() over (order by id) - 1 as j, id from files where original_name like 'copy-%')
  insert into passages (file_id, ordinal, page, heading, char_start, char_end, body, language, tsv)
  select c.id, o.ordinal, o.page, o.heading, o.char_start, o.char_end, o.body, o.language, o.tsv
  from copies c cross join n
  join originals o on o.k in ((c.j * 3) % n.total, (c.j * 3 + 1) % n.total, (c.j * 3 + 2) % n.total)`);
await db.execute(sql`create index passages_tsv_idx on passages using gin (tsv) with (fastupdate = off)`);
await db.execute(sql`analyze`);
const total = ((await db.execute(sql`select count(*)::int as total from passages`)) as unknown as { rows: { total: number }[] }).rows[0]!.total;
const times: number[] = [];
for (let round_ = 0; round_ < 3; round_++) {
  for (const [question] of QUESTIONS) {
    const started = performance.now();
    await service.search(userId, { q: question, scope: 'all', limit: 10 });
    if (round_ > 0) times.push(performance.now() - started);
  }
}
const p50 = median(times);
console.error(`latency: ${FILES} files, ${total} passages, median ${round(p50)} ms`);
report({
  figure: `(search) GET /api/search's query for one user with ${FILES.toLocaleString('en-US')} indexed files (${total} passages, PGlite), median of ${times.length}`,
  baseline: 'target 50 ms',
  measured: `${round(p50)} ms`,
  ratio: round(p50 / 50, 2),
  target: 'median < 50 ms',
  met: p50 < 50,
});
await database.close();
