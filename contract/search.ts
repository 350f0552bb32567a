import { z } from 'zod';

/** Where to search: every file the user may read, only their private library, or only the team's. */
export const SEARCH_SCOPES = ['all', 'private', 'team'] as const;
export const searchScopeSchema = z.enum(SEARCH_SCOPES, { error: 'scope must be all, private or team' });
export type SearchScope = z.infer<typeof searchScopeSchema>;

/** A file's place in the search index, shown on the file (GET /api/files) and in the file manager. */
export const INDEX_STATUSES = ['pending', 'indexing', 'indexed', 'failed', 'unsupported'] as const;
export const indexStatusSchema = z.enum(INDEX_STATUSES);
export type IndexStatus = z.infer<typeof indexStatusSchema>;

/** POST /api/files/:id/reindex and POST /api/admin/files/:id/reindex: the failed file is queued again. */
export const reindexResponseSchema = z.object({ id: z.string(), indexStatus: z.literal('pending') });

export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_QUERY_MAX_CHARS = 500;

/** GET /api/search?q=&scope=&limit= */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(SEARCH_QUERY_MAX_CHARS, `A search may be at most ${SEARCH_QUERY_MAX_CHARS} characters`),
  scope: searchScopeSchema.default('all'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SEARCH_LIMIT_MAX, `limit must be at most ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * A matching passage. `snippet` is plain text (never HTML); `highlights` are [start, end) character
 * ranges of it that matched the search, for the client to mark.
 */
export const searchResultSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  /** The folder names from the top of the library down to the file's folder ("" at the top). */
  folderPath: z.string(),
  /** PDF page, slide or sheet number; null for formats without pages. */
  page: z.number().int().nullable(),
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  score: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** POST /api/chat `knowledge`: answer from the user's files (all of them in scope, or only these files and folders). */
export const knowledgeOptionSchema = z.object({
  scope: searchScopeSchema.default('all'),
  fileIds: z.array(z.uuid({ error: 'fileIds must be file ids' })).max(50, 'Name at most 50 files').optional(),
  folderIds: z.array(z.uuid({ error: 'folderIds must be folder ids' })).max(50, 'Name at most 50 folders').optional(),
});
export type KnowledgeOption = z.infer<typeof knowledgeOptionSchema>;

/** A passage a reply cites as [n]. */
export const citationSchema = z.object({
  n: z.number().int().min(1),
  fileId: z.string(),
  fileName: z.string(),
  page: z.number().int().nullable(),
  snippet: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;
