import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import type { ExtractionPool } from '../../adapters/extraction/pool';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { createIndexer } from './indexer';
import { searchRepository } from './search.repository';
import { createSearchService } from './search.service';

export interface SearchModuleDeps {
  db: Db;
  config: Config;
  extraction: Pick<ExtractionPool, 'extract' | 'limits'>;
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
  const indexer = createIndexer({
    db: deps.db,
    extraction: deps.extraction,
    open: deps.open,
    language,
    concurrency: deps.concurrency,
    onError: deps.log,
  });
  await indexer.start();
  return { indexer, service: createSearchService({ db: deps.db, language }) };
}

/** An upload became a file: the indexer looks at its queue now rather than at its next poll. */
export function nudgeIndexerOnUpload(app: FastifyInstance, indexer: { nudge(): void }) {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && request.url.split('?')[0] === '/api/files' && reply.statusCode === 201) indexer.nudge();
  });
}
