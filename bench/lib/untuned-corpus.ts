/**
 * bench/recall-untuned.bench.ts's corpus: the Markdown documentation undici (MIT), pino (MIT) and
 * tesseract.js (Apache-2.0) ship in node_modules, a corpus Genie's ranking was never tuned on.
 * Nothing is copied into the repository: the bench reads the files where npm put them, cut into
 * passages by the indexer's own code (extraction + chunker, in-process) and stored with the
 * indexer's own SQL, as bench/lib/retrieval-corpus.ts does for Fastify's docs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { extractText } from '../../server/adapters/extraction/extract';
import { DEFAULT_EXTRACTION_LIMITS } from '../../server/adapters/extraction/limits';
import type { PassageDraft } from '../../server/adapters/extraction/chunk-passages';
import type { Db } from '../../server/db/database';
import { files } from '../../server/db/schema/files';
import { users } from '../../server/db/schema/users';
import { searchRepository } from '../../server/modules/search/search.repository';

const ROOT = join(process.cwd(), 'node_modules');
/** The documentation folders, relative to node_modules. */
export const UNTUNED_DIRS = ['undici/docs', 'pino/docs', 'tesseract.js/docs'];

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

/** The folders that are not on this machine (empty when the corpus is whole). */
export const missingDirs = () => UNTUNED_DIRS.filter((dir) => !existsSync(join(ROOT, dir)));

/** The package versions the corpus came from, e.g. "undici 6.29.1": the questions were written against these. */
export function corpusVersions(): string {
  return UNTUNED_DIRS.map((dir) => {
    const name = dir.split('/')[0]!;
    const pkg = JSON.parse(readFileSync(join(ROOT, name, 'package.json'), 'utf8')) as { version: string };
    return `${name} ${pkg.version}`;
  }).join(', ');
}

export interface UntunedCorpus {
  userId: string;
  /** Path under node_modules → the file's id and passages. */
  files: Map<string, { id: string; drafts: PassageDraft[] }>;
  passageCount: number;
}

/**
 * The bench user and the docs indexed as their files. Throws, naming the question, when an answer
 * is not in the corpus (a newer package whose docs changed): the set must be revised by hand then.
 */
export async function buildUntunedCorpus(db: Db, language: string, questions: [string, string, string][]): Promise<UntunedCorpus> {
  const [user] = await db.insert(users).values({ username: 'bench', email: 'bench@example.com', passwordHash: 'x' }).returning();
  const userId = user!.id;
  const corpus = new Map<string, { id: string; drafts: PassageDraft[] }>();
  let passageCount = 0;
  const paths = UNTUNED_DIRS.flatMap((dir) => markdownFiles(join(ROOT, dir)));
  for (const [i, path] of paths.entries()) {
    const rel = relative(ROOT, path);
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
      if (!entry || !entry.drafts.some((d) => d.body.includes(phrase))) throw new Error(`answer not in the corpus (${corpusVersions()}): ${file} "${phrase}" (${question})`);
    }
  }
  return { userId, files: corpus, passageCount };
}
