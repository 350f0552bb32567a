import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FileListResponse, FileScope } from '@contract/files';
import { getJson } from '@/lib/request';
import type { Mention } from '../lib/mention';

/** At most this many files and folders are offered under the message box. */
export const MENTION_CANDIDATES_MAX = 8;

async function listLibrary(scope: FileScope, query: string, signal: AbortSignal): Promise<Mention[]> {
  const params = new URLSearchParams({ limit: String(MENTION_CANDIDATES_MAX) });
  if (scope === 'team') params.set('scope', 'team');
  // No name typed yet: the top of the library (its folders and newest files); else a search of all of it.
  if (query) params.set('search', query);
  const list = await getJson<FileListResponse>(`/api/files?${params}`, { signal });
  return [
    ...list.folders.map((f): Mention => ({ kind: 'folder', id: f.id, name: f.name, scope, searchable: true })),
    ...list.files.map((f): Mention => ({
      kind: 'file',
      id: f.id,
      name: f.originalName,
      scope,
      searchable: f.indexStatus !== 'failed' && f.indexStatus !== 'unsupported',
    })),
  ];
}

/**
 * Files and folders whose name contains what follows the @ (GET /api/files?search=), from the
 * user's own library and their team's. A user with no team gets an error from the team library,
 * which only means there is nothing there to offer.
 */
export const mentionCandidatesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['mention-candidates', query],
    queryFn: async ({ signal }) => {
      const [own, team] = await Promise.allSettled([listLibrary('private', query, signal), listLibrary('team', query, signal)]);
      if (own.status === 'rejected') throw own.reason;
      const found = [...own.value, ...(team.status === 'fulfilled' ? team.value : [])];
      // Folders first (they narrow the most), then files, each in the order the server ranked them.
      return [...found.filter((m) => m.kind === 'folder'), ...found.filter((m) => m.kind === 'file')].slice(0, MENTION_CANDIDATES_MAX);
    },
    staleTime: 10_000,
    // While the next letters' answer comes, the last list stays up instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useMentionCandidates = (query: string, enabled: boolean) => useQuery({ ...mentionCandidatesQueryOptions(query), enabled });
