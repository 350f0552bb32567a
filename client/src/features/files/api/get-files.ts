import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FileListResponse } from '@contract/files';
import { getJson } from '@/lib/request';
import { fileListUrl, type FileListParams } from '@contract/file-places';

/** Every file-list query starts with this, so one invalidation refreshes them all. */
export const FILES_QUERY_KEY = ['files'] as const;

const paramsKey = (params: FileListParams) => ({ scope: params.scope, folderId: params.folderId, search: params.search.trim() });

/** The first page only: every folder, and the newest files (the move dialog needs only the folders). */
export const fileListQueryOptions = (params: FileListParams) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, paramsKey(params)],
    queryFn: ({ signal }) => getJson<FileListResponse>(fileListUrl(params), { signal }),
  });

/** `enabled: false` asks nothing (a closed dialog). */
export const useFileList = (params: FileListParams, { enabled = true } = {}) => useQuery({ ...fileListQueryOptions(params), enabled });

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
