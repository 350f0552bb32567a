import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse, SearchScope } from '@contract/search';
import { getJson } from '@/lib/request';

/** GET /api/search: passages of the user's files that match, for the file manager's search box. */
export const searchContentsQueryOptions = (q: string, scope: SearchScope = 'all') =>
  queryOptions({
    queryKey: ['search', { q: q.trim(), scope }],
    queryFn: ({ signal }) => getJson<SearchResponse>(`/api/search?${new URLSearchParams({ q: q.trim(), scope, limit: '10' })}`, { signal }),
    enabled: q.trim() !== '',
  });

export const useSearchContents = (q: string, scope?: SearchScope) => useQuery(searchContentsQueryOptions(q, scope));
