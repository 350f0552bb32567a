import { queryOptions } from '@tanstack/react-query';
import type { ConversationDetail } from '@contract/conversations';
import { getJson } from '@/lib/request';

/** GET /api/conversations/:id: one conversation with all its messages (the active branch). */
export const getConversation = (id: string, signal?: AbortSignal) =>
  getJson<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`, { signal });

/** GET /api/conversations/:id?last=N: the branch's newest N messages, and how many come `earlier`. */
export const getConversationPage = (id: string, last: number, signal?: AbortSignal) =>
  getJson<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}?last=${last}`, { signal });

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['conversation', id], queryFn: ({ signal }) => getConversation(id, signal) });
