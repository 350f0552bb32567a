import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FileListResponse, FileScope } from '@contract/files';
import { getJson } from '@/lib/request';

/** Every file-list query starts with this, so one invalidation refreshes them all. */
export const FILES_QUERY_KEY = ['files'] as const;

export interface FileListParams {
  /** The library: the user's own ("My files") or their team's. */
  scope: FileScope;
  folderId: string | null;
  search: string;
}

export function fileListUrl({ scope, folderId, search }: FileListParams, cursor?: string): string {
  const query = new URLSearchParams();
  if (scope === 'team') query.set('scope', 'team');
  if (folderId) query.set('folderId', folderId);
  if (search.trim()) query.set('search', search.trim());
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `/api/files?${text}` : '/api/files';
}

const paramsKey = (params: FileListParams) => ({ scope: params.scope, folderId: params.folderId, search: params.search.trim() });

/** The first page only: every folder, and the newest files (the move dialog needs only the folders). */
export const fileListQueryOptions = (params: FileListParams) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, paramsKey(params)],
    queryFn: ({ signal }) => getJson<FileListResponse>(fileListUrl(params), { signal }),
  });

export const useFileList = (params: FileListParams) => useQuery(fileListQueryOptions(params));

/** The file browser's list: a page of files at a time, each page after the last one's cursor. */
export const fileListPagesQueryOptions = (params: FileListParams) =>
  infiniteQueryOptions({
    queryKey: [...FILES_QUERY_KEY, 'pages', paramsKey(params)],
    queryFn: ({ pageParam, signal }) => getJson<FileListResponse>(fileListUrl(params, pageParam || undefined), { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a shown file is waiting for the search index, look again now and then for its new state.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.files.some((f) => f.indexStatus === 'pending' || f.indexStatus === 'indexing')) ? 2000 : false,
  });

export const useFileListPages = (params: FileListParams) => useInfiniteQuery(fileListPagesQueryOptions(params));
