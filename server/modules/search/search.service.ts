import type { Citation, KnowledgeOption, SearchQuery, SearchResponse } from '@contract/search';
import type { Db } from '../../db/database';
import { readableFiles } from '../files/file-access';
import { splitHighlights } from './highlights';
import { searchRepository as repo, type RankedPassage, type RankOptions } from './search.repository';

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

export function createSearchService(deps: { db: Db; language: string }) {
  const { db, language } = deps;

  return {
    /** GET /api/search: the best passages of the files the user may read. */
    async search(userId: string, query: SearchQuery): Promise<SearchResponse> {
      const ranked = await repo.rankPassages(db, language, query.q, { readable: readableFiles(userId), userId, scope: query.scope }, query.limit);
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
    async retrieve(userId: string, question: string, knowledge: KnowledgeOption, limit = KNOWLEDGE_PASSAGES, options?: RankOptions): Promise<KnowledgePassage[]> {
      const ranked = await repo.rankPassages(db, language, question, { readable: readableFiles(userId), userId, ...knowledge }, limit, options);
      return ranked.map((r, i) => toKnowledge(r, i + 1));
    },
  };
}

function toKnowledge(r: RankedPassage, n: number): KnowledgePassage {
  return { n, fileId: r.fileId, fileName: r.fileName, page: r.page, heading: r.heading, body: r.body, snippet: splitHighlights(r.headline).snippet, score: r.score };
}

export const citationOf = (p: KnowledgePassage): Citation => ({ n: p.n, fileId: p.fileId, fileName: p.fileName, page: p.page, snippet: p.snippet });

export type SearchService = ReturnType<typeof createSearchService>;
