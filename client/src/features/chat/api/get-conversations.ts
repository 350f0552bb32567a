import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationListResponse } from '@contract/conversations';
import { getJson } from '@/lib/request';

/** GET /api/conversations: the user's past conversations, newest first, a page at a time. */
export const getConversations = (cursor: string, signal?: AbortSignal) =>
  getJson<ConversationListResponse>(`/api/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

/** GET /api/conversations?search=: titles and message content, with snippets (one page). */
export const searchConversationsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['conversations', 'search', search],
    queryFn: ({ signal }) => getJson<ConversationListResponse>(`/api/conversations?limit=50&search=${encodeURIComponent(search)}`, { signal }),
  });

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['conversations'],
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useConversations = () => useInfiniteQuery(conversationsQueryOptions());
