/**
 * bench/recall-untuned.bench.ts's corpus: the Markdown documentation undici (MIT), pino (MIT) and
 * tesseract.js (Apache-2.0) ship in node_modules, a corpus Genie's ranking was never tuned on.
 * Nothing is copied into the repository: the bench reads the files where npm put them, cut into
 * passages by the indexer's own code (extraction + chunker, in-process) and stored with the
 * indexer's own SQL, as bench/lib/retrieval-corpus.ts does for Fastify's docs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../server/db/database';
import { indexDocs, markdownFiles, type Corpus, type Question } from './retrieval-corpus';

const ROOT = join(process.cwd(), 'node_modules');
/** The documentation folders, relative to node_modules. */
export const UNTUNED_DIRS = ['undici/docs', 'pino/docs', 'tesseract.js/docs'];

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

/**
 * The bench user and the docs indexed as their files. Throws, naming the question, when an answer
 * is not in the corpus (a newer package whose docs changed): the set must be revised by hand then.
 */
export const buildUntunedCorpus = (db: Db, language: string, questions: readonly Question[]): Promise<Corpus> =>
  indexDocs(db, language, ROOT, UNTUNED_DIRS.flatMap((dir) => markdownFiles(join(ROOT, dir))), questions, corpusVersions());
