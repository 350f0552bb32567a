import type { Citation, KnowledgeOption, SearchQuery, SearchResponse } from '@contract/search';
import type { Embedder } from '../../adapters/llm/embeddings';
import type { Db } from '../../db/database';
import { readableFiles } from '../files/file-access';
import { embeddingsRepository } from './embeddings.repository';
import { splitHighlights } from './highlights';
import { fuseRanks } from './rank-fusion';
import { textToEmbed } from './retrieval-query';
import { searchRepository as repo, type PassageFilter, type RankedPassage, type RankOptions } from './search.repository';

/** A passage retrieved for a chat reply, numbered as the reply cites it. */
export interface KnowledgePassage {
  n: number;
  fileId: string;
  fileName: string;
  page: number | null;
  heading: string | null;
  body: string;
  /** The highlighted excerpt, as plain text. */
  snippet: string;
  score: number;
}

/** Passages a chat reply is given, at most. */
export const KNOWLEDGE_PASSAGES = 5;

/** How deep each list (full-text, vector) is read before their ranks are fused. */
export const FUSION_DEPTH = 40;

export interface SearchServiceDeps {
  db: Db;
  language: string;
  /** GENIE_EMBEDDING_MODEL's embedder: retrieval is hybrid when there is one. */
  embedder?: Embedder | null;
  /** Whether vectors are ranked by pgvector in SQL (else read and compared in this process). */
  pgvector?: boolean;
  onError?(message: string): void;
}

/** RankOptions, and `fullTextOnly` to leave vectors out (the benchmark compares both). */
export type RetrieveOptions = RankOptions & { fullTextOnly?: boolean };

export function createSearchService(deps: SearchServiceDeps) {
  const { db, language } = deps;

  /**
   * The best passages: full-text ranking alone, or, with an embedding model, the reciprocal rank
   * fusion of the full-text and the vector ranking. Both read only the passages `filter` allows,
   * in their queries. When the model cannot embed the query, full-text ranking answers alone.
   */
  async function rank(text: string, filter: PassageFilter, limit: number, options: RetrieveOptions = {}): Promise<RankedPassage[]> {
    const embedder = deps.embedder;
    if (!embedder || options.fullTextOnly) return repo.rankPassages(db, language, text, filter, limit, options);
    const depth = Math.max(limit, FUSION_DEPTH);
    const fullText = await repo.rankPassages(db, language, text, filter, depth, options);
    let vectorHits;
    try {
      const [query] = await embedder.embed([textToEmbed(text)]);
      vectorHits = await embeddingsRepository.nearest(db, embedder.model, filter, query!, depth, deps.pgvector ?? false);
    } catch (error) {
      deps.onError?.(`searching by meaning failed, full-text results only: ${error instanceof Error ? error.message : String(error)}`);
      return fullText.slice(0, limit);
    }
    const fused = fuseRanks([fullText.map((p) => p.id), vectorHits.map((h) => h.id)]).slice(0, limit);
    const known = new Map(fullText.map((p) => [p.id, p]));
    const missing = fused.filter((f) => !known.has(f.id)).map((f) => f.id);
    for (const p of await repo.passagesByIds(db, language, text, filter, missing)) known.set(p.id, p);
    return fused.flatMap((f) => {
      const p = known.get(f.id);
      return p ? [{ ...p, score: f.score }] : []; // a passage deleted since it was ranked is left out
    });
  }

  return {
    /** GET /api/search: the best passages of the files the user may read. */
    async search(userId: string, query: SearchQuery): Promise<SearchResponse> {
      const ranked = await rank(query.q, { readable: readableFiles(userId), userId, scope: query.scope }, query.limit);
      const folderIds = [...new Set(ranked.map((r) => r.folderId).filter((id): id is string => id !== null))];
      const paths = await repo.folderPaths(db, folderIds);
      return {
        results: ranked.map((r) => ({
          fileId: r.fileId,
          fileName: r.fileName,
          folderPath: r.folderId ? (paths.get(r.folderId) ?? '') : '',
          page: r.page,
          ...splitHighlights(r.headline),
          score: Math.round(r.score * 10_000) / 10_000,
        })),
      };
    },

    /** The passages a chat question should be answered from, numbered [1]…[n]. */
    async retrieve(userId: string, question: string, knowledge: KnowledgeOption, limit = KNOWLEDGE_PASSAGES, options?: RetrieveOptions): Promise<KnowledgePassage[]> {
      const ranked = await rank(question, { readable: readableFiles(userId), userId, ...knowledge }, limit, options);
      return ranked.map((r, i) => toKnowledge(r, i + 1));
    },
  };
}

function toKnowledge(r: RankedPassage, n: number): KnowledgePassage {
  return { n, fileId: r.fileId, fileName: r.fileName, page: r.page, heading: r.heading, body: r.body, snippet: splitHighlights(r.headline).snippet, score: r.score };
}

export const citationOf = (p: KnowledgePassage): Citation => ({ n: p.n, fileId: p.fileId, fileName: p.fileName, page: p.page, snippet: p.snippet });

export type SearchService = ReturnType<typeof createSearchService>;
