/**
 * bench/retrieval.bench.ts's corpus: Fastify's own documentation, the Markdown files the `fastify`
 * npm package ships in node_modules/fastify/docs (real public documentation, MIT-licensed, not
 * written for this test), cut into passages by the indexer's own code (extraction + chunker, run
 * in-process here) and stored with the indexer's own SQL.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { extractText } from '../../server/adapters/extraction/extract';
import { DEFAULT_EXTRACTION_LIMITS } from '../../server/adapters/extraction/limits';
import type { PassageDraft } from '../../server/adapters/extraction/chunk-passages';
import type { Db } from '../../server/db/database';
import { files } from '../../server/db/schema/files';
import { users } from '../../server/db/schema/users';
import { searchRepository } from '../../server/modules/search/search.repository';
import { QUESTIONS } from './retrieval-questions';

const DOCS = join(process.cwd(), 'node_modules/fastify/docs');

/** Every Markdown file under `dir`, in the order readdir gives. */
export function markdownFiles(dir: string): string[] {
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

export interface Corpus {
  userId: string;
  /** Path under the corpus's root → the file's id and passages. */
  files: Map<string, { id: string; drafts: PassageDraft[] }>;
  passageCount: number;
}

/** A question, the file(s) that answer it (`a.md|b.md`, relative to the root), and a phrase the answering passage holds. */
export type Question = readonly [question: string, answer: string, phrase: string];

/**
 * A bench user and `paths` (Markdown files under `root`) indexed as their files; throws, naming the
 * question (and `describe`, e.g. the package versions), when a question's answer is not in them.
 */
export async function indexDocs(db: Db, language: string, root: string, paths: string[], questions: readonly Question[], describe = ''): Promise<Corpus> {
  const [user] = await db.insert(users).values({ username: 'bench', email: 'bench@example.com', passwordHash: 'x' }).returning();
  const userId = user!.id;
  const corpus = new Map<string, { id: string; drafts: PassageDraft[] }>();
  let passageCount = 0;
  for (const [i, path] of paths.entries()) {
    const rel = relative(root, path);
    const drafts = await passagesOf(readFileSync(path, 'utf8'));
    passageCount += drafts.length;
    const [row] = await db
      .insert(files)
      .values({ userId, originalName: rel.split('/').pop()!, storedName: `s${i}`, mimeType: 'text/markdown', category: 'document', size: 1, objectPath: `/objects/bench/${i}`, indexStatus: 'indexing' })
      .returning({ id: files.id });
    await searchRepository.storePassages(db, row!.id, language, drafts);
    corpus.set(rel, { id: row!.id, drafts });
  }
  for (const [question, answer, phrase] of questions) {
    for (const file of answer.split('|')) {
      const entry = corpus.get(file);
      if (!entry || !entry.drafts.some((d) => d.body.includes(phrase))) throw new Error(`answer not in the corpus${describe ? ` (${describe})` : ''}: ${file} "${phrase}" (${question})`);
    }
  }
  return { userId, files: corpus, passageCount };
}

/** The bench user and Fastify's docs indexed as their files; checks every question's answer is in it. */
export const buildCorpus = (db: Db, language: string): Promise<Corpus> => indexDocs(db, language, DOCS, markdownFiles(DOCS), QUESTIONS);

/**
 * Grows the library to `total` files: the corpus's passages copied, three to a file, over new
 * files of the same user (with their embeddings, when the corpus has them). Returns the passage count.
 */
export async function copyToFiles(db: Db, userId: string, total: number, existing: number): Promise<number> {
  // Built once after the bulk copy: a GIN index made in one pass is far faster than 30,000 inserts into it.
  await db.execute(sql`drop index passages_tsv_idx`);
  await db.execute(sql`
    insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path, index_status)
    select ${userId}::uuid, 'copy-' || g || '.md', 'c' || g, 'text/markdown', 'document', 1, '/objects/bench/copy/' || g, 'indexed'
    from generate_series(1, ${total - existing}) g`);
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
  const rows = (await db.execute(sql`select count(*)::int as total from passages`)) as unknown as { rows: { total: number }[] };
  return rows.rows[0]!.total;
}
