import { CHAT_HISTORY_TO_MODEL, type ParsedChatRequest } from '@contract/chat';
import { getPersona } from '@contract/personas';
import { chatLimitsFor, type ChatSender } from './chat-limits';
import type { ReplyRequest } from './reply-request';
import type { ChatContext } from './chat-service-deps';
import { turnsOf } from './exchange-history';

/**
 * The reply request of a plain message (text only, to a model, no file search or image) from a
 * user this process knows to have room under their limits, with that room claimed; null for any
 * other. Such a chat asks the model while its start statement runs: the model's first token
 * then waits on the statement only when the statement is the slower of the two (issue 19:
 * twenty chats at once queued on their statements before any provider was asked). The history
 * is the client's, so nothing of the server's reaches the model before the statement allows it.
 */
export function earlyRequestOf(ctx: ChatContext, sender: ChatSender, body: ParsedChatRequest): { request: ReplyRequest; release: () => void } | null {
  const { deps } = ctx;
  const choice = ctx.catalogue[body.character];
  const plain =
    choice && !body.regenerate && body.editOf === undefined && !body.knowledge && !body.generateImage && !body.attachments?.length && body.message.trim() !== '';
  if (!plain || (body.conversationId !== undefined && body.messages.length === 0)) return null;
  // A chat in a project needs its instructions, read by the start: early only when the client
  // says there is no project (null), or for a new chat outside any (issue 42).
  if (body.projectId || (body.projectId === undefined && body.conversationId !== undefined && deps.projects)) return null;
  const limits = chatLimitsFor(deps.config, sender, body.mode, deps.clock.now());
  const release = limits.needsPromotion ? null : ctx.allowances.claim(sender.id, limits);
  if (!release) return null;
  const request: ReplyRequest = {
    userId: sender.id,
    persona: getPersona(body.character),
    mode: body.mode,
    message: body.message,
    text: body.message.trim(),
    attachments: [],
    choice,
    history: turnsOf(body.messages.slice(-CHAT_HISTORY_TO_MODEL)),
    knowledge: null,
  };
  return { request, release };
}
