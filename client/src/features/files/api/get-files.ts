import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileListResponse } from '@contract/files';
import { getJson } from '@/lib/request';

/** Every file-list query starts with this, so one invalidation refreshes them all. */
export const FILES_QUERY_KEY = ['/api/files'] as const;

export interface FileListParams {
  folderId: string | null;
  search: string;
}

export function fileListUrl({ folderId, search }: FileListParams): string {
  const query = new URLSearchParams();
  if (folderId) query.set('folderId', folderId);
  if (search.trim()) query.set('search', search.trim());
  const text = query.toString();
  return text ? `/api/files?${text}` : '/api/files';
}

export const fileListQueryOptions = (params: FileListParams) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, { folderId: params.folderId, search: params.search.trim() }],
    queryFn: ({ signal }) => getJson<FileListResponse>(fileListUrl(params), { signal }),
  });

export const useFileList = (params: FileListParams) => useQuery(fileListQueryOptions(params));
