import { queryOptions } from '@tanstack/react-query';
import type { ConversationDetail } from '@contract/chat';
import { getJson } from '@/lib/request';

/** GET /api/conversations/:id: one conversation with all its messages. */
export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/conversations', id],
    queryFn: ({ signal }) => getJson<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`, { signal }),
  });
