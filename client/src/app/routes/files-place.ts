import type { FileListParams } from '@/features/files/api/file-list-url';
import type { BrowserPlace } from '@/features/files/components/library-tabs';

/** `/files?scope=team&folder=<id>`: the place in the URL, so Back, forward and reload return to it. */
export const placeOf = (search: string): BrowserPlace => {
  const params = new URLSearchParams(search);
  return { scope: params.get('scope') === 'team' ? 'team' : 'private', folderId: params.get('folder') || null };
};

export const urlOf = ({ scope, folderId }: BrowserPlace) => {
  const params = new URLSearchParams();
  if (scope === 'team') params.set('scope', 'team');
  if (folderId) params.set('folder', folderId);
  const query = params.toString();
  return query ? `/files?${query}` : '/files';
};

/**
 * The list /files opens with: the place in the URL, no search. The router's early GET
 * (router.tsx) and the first data (first-data.ts) both name it from here, so the one takes the
 * other's response.
 */
export const openingListOf = (search: string): FileListParams => ({ ...placeOf(search), search: '' });
