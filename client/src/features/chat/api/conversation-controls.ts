import type { ChatStopResponse } from '@contract/chat';
import type { ConversationDetail, ConversationPatch, ConversationSummary } from '@contract/conversations';
import { apiRequest } from '@/lib/request';

/** PATCH /api/conversations/:id: rename and pin. */
export const patchConversation = async (id: string, patch: ConversationPatch): Promise<ConversationSummary> =>
  (await apiRequest('PATCH', `/api/conversations/${encodeURIComponent(id)}`, patch)).json();

/** POST /api/conversations/:id/branch: show the branch through a variant; answers the conversation as now shown. */
export const showBranch = async (id: string, messageId: string): Promise<ConversationDetail> =>
  (await apiRequest('POST', `/api/conversations/${encodeURIComponent(id)}/branch`, { messageId })).json();

/** POST /api/conversations/:id/fork: "Branch into a new chat" from a message; answers the new conversation (issue 42). */
export const forkConversation = async (id: string, messageId: string): Promise<ConversationSummary> =>
  (await apiRequest('POST', `/api/conversations/${encodeURIComponent(id)}/fork`, { messageId })).json();

/** POST /api/chat/stop: the server aborts the reply in flight and answers once what arrived is stored. */
export const stopChat = async (): Promise<ChatStopResponse> => (await apiRequest('POST', '/api/chat/stop')).json();
