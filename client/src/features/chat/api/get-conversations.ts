import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationListResponse } from '@contract/chat';
import { getJson } from '@/lib/request';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;

/** GET /api/conversations: the user's past conversations, newest first, a page at a time. */
export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: CONVERSATIONS_KEY,
    queryFn: ({ pageParam, signal }) =>
      getJson<ConversationListResponse>(`/api/conversations${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useConversations = () => useInfiniteQuery(conversationsQueryOptions());
