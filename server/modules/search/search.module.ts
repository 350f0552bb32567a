import type { Readable } from 'node:stream';
import type { ExtractionPool } from '../../adapters/extraction/pool';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { createEmbedder } from '../../adapters/llm/embeddings';
import { createEmbeddingWorker } from './embedding-worker';
import { embeddingsRepository } from './embeddings.repository';
import { createIndexer } from './indexer';
import { searchRepository } from './search.repository';
import { createSearchService } from './search.service';

export interface SearchModuleDeps {
  db: Db;
  config: Config;
  extraction: Pick<ExtractionPool, 'extract' | 'limits'> & Partial<Pick<ExtractionPool, 'readsPictures'>>;
  /** Files indexed at once: the indexing pool's size. */
  concurrency: number;
  open(file: { objectPath: string }): Promise<Readable>;
  log(message: string): void;
}

/**
 * The search area: the background indexer and the search service. Checks SEARCH_LANGUAGE against
 * the database's text-search configurations first, so a typo stops the start with a sentence.
 */
export async function createSearchModule(deps: SearchModuleDeps) {
  const language = deps.config.SEARCH_LANGUAGE;
  if (!(await searchRepository.languageExists(deps.db, language))) {
    throw new Error(`SEARCH_LANGUAGE=${language} is not a text-search configuration of this database (try english, german, french, spanish or simple).`);
  }
  // Hybrid retrieval when GENIE_EMBEDDING_MODEL is set: pgvector is looked for once, here.
  const embedder = createEmbedder(deps.config);
  const pgvector = embedder ? await embeddingsRepository.enablePgvector(deps.db) : false;
  if (embedder) deps.log(`hybrid retrieval: passages get vectors from ${embedder.model}, ranked ${pgvector ? 'by pgvector' : 'in this process (no pgvector)'}`);
  const embeddings = embedder ? createEmbeddingWorker({ db: deps.db, embedder, pgvector, maxChars: deps.config.GENIE_EMBEDDING_MAX_CHARS, onError: deps.log }) : null;
  const indexer = createIndexer({
    db: deps.db,
    extraction: deps.extraction,
    open: deps.open,
    language,
    concurrency: deps.concurrency,
    onError: deps.log,
    onIndexed: () => embeddings?.nudge(),
  });
  await indexer.start();
  embeddings?.start();
  return {
    indexer,
    embeddings,
    service: createSearchService({ db: deps.db, language, embedder, pgvector, onError: deps.log }),
    /** Stops claiming files and passages; resolves when the runs in progress have ended. */
    stop: () => Promise.all([indexer.stop(), embeddings?.stop()]).then(() => undefined),
  };
}
