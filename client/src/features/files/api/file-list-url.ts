import type { FileScope } from '@contract/files';

// Apart from get-files.ts, which brings TanStack Query: the router names the first page of /files
// with it before any chunk of the page has loaded (app/router.tsx).

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
