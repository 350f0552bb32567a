import type { FileScope } from './files';

/**
 * Where the file manager is, and the URLs that name it: the page's own (`/files?scope=team&
 * folder=<id>`, so Back, forward and reload return to it) and its list's (`/api/files?...`). The
 * server names the same list when it writes a page's first reads into its HTML (first-reads.ts).
 */

/** A library and a folder in it (null: its Home). */
export interface FilePlace {
  scope: FileScope;
  folderId: string | null;
}

export interface FileListParams extends FilePlace {
  search: string;
}

/** The place in /files' query string. */
export const placeOf = (search: string): FilePlace => {
  const params = new URLSearchParams(search);
  return { scope: params.get('scope') === 'team' ? 'team' : 'private', folderId: params.get('folder') || null };
};

/** The /files URL of a place. */
export const urlOf = ({ scope, folderId }: FilePlace) => {
  const params = new URLSearchParams();
  if (scope === 'team') params.set('scope', 'team');
  if (folderId) params.set('folder', folderId);
  const query = params.toString();
  return query ? `/files?${query}` : '/files';
};

/** The list /files opens with: the place in the URL, no search. */
export const openingListOf = (search: string): FileListParams => ({ ...placeOf(search), search: '' });

/** GET /api/files of a list (and of its page after `cursor`). */
export function fileListUrl({ scope, folderId, search }: FileListParams, cursor?: string): string {
  const query = new URLSearchParams();
  if (scope === 'team') query.set('scope', 'team');
  if (folderId) query.set('folderId', folderId);
  if (search.trim()) query.set('search', search.trim());
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `/api/files?${text}` : '/api/files';
}
