import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ChatReply, MessageStatus, ParsedChatRequest } from '@contract/chat';
import { continuationPiece } from '@contract/continuation';
import { estimateTokens } from '../../adapters/llm/context-budget';
import { ProviderError } from '../../adapters/llm/provider-error';
import { AppError } from '../../lib/app-error';
import type { UsageRecord } from '../team-controls/team-controls.service';
import type { ResolvedAttachment } from './chat-attachments';
import { KeptExchangeError, MidStreamError, type KeptExchange } from './chat-errors';
import { chatExchangeRepository as exchanges } from './chat-exchange.repository';
import { citationsOf } from './chat-knowledge';
import type { StreamedReply } from './chat-reply';
import type { ReplyDraft, ReplySink } from './reply-draft';
import { chatRepository as repo } from './chat.repository';
import type { ChatServiceDeps } from './chat-service-deps';
import type { StartedExchange } from './exchange-start';

/** How an exchange ends, as stored: the reply (if any text or image), its status and the interaction. */
interface ExchangeEnd {
  success: boolean;
  status: MessageStatus;
  image: string | null;
  historyOmitted: number;
}

/**
 * Step 3, when the reply came: it is stored (committed) before a streaming client is sent `done`,
 * so a `done` that arrived is a reply that survives a crash (issue 47: three of 238 acknowledged
 * replies were lost to SIGKILLs when `done` went first). The team's usage count is in the same
 * statement, so nothing of the exchange is written after `done`.
 */
export async function storeReply(deps: ChatServiceDeps, exchange: StartedExchange, draft: ReplyDraft, streamed: StreamedReply, sink: ReplySink): Promise<ChatReply> {
  const { reply, finish } = endOf(deps, exchange, draft, { success: true, ...streamed });
  await finish();
  sink.done?.(reply);
  return reply;
}

/**
 * Step 3, when the reply failed: the error to throw. A failure on the provider's side before any
 * text reached the user keeps the user's message, marked failed: it is shown with Retry (and
 * survives a reload) but costs no allowance. A message too long for the model is forgotten (Retry
 * could only fail again; the composer keeps its text). The user's own stop keeps it as sent: the
 * provider was sent the prompt, and a chat stopped before its first token counts like any other.
 * Text already sent is kept, as `stopped` or `failed`.
 */
export async function rollBack(deps: ChatServiceDeps, exchange: StartedExchange, draft: ReplyDraft, error: unknown): Promise<unknown> {
  const { db } = deps;
  const tooLong = error instanceof AppError && error.code === 'too_large';
  if (!(error instanceof ProviderError) && !tooLong) return error;
  await draft.image?.catch(() => null);
  const stoppedByUser = error instanceof ProviderError && error.kind === 'aborted';
  let kept: KeptExchange | null = { conversationId: exchange.conversation.id, userMessageId: exchange.userMessageId };
  if (!draft.emitted && tooLong && exchange.storedUserMessage) {
    if (exchange.conversation.existing) await repo.deleteMessage(db, exchange.userMessageId);
    else await repo.deleteConversation(db, exchange.conversation.id);
    kept = null;
  } else if (!draft.emitted && !stoppedByUser && !exchange.regenerated && !exchange.continued) {
    await repo.setUserMessageStatus(db, exchange.userMessageId, 'failed');
  }
  // A message refused before any provider was asked leaves no interaction, like a limit refusal.
  if (draft.providerAsked) {
    await endOf(deps, exchange, draft, { success: false, status: stoppedByUser ? 'stopped' : 'failed', image: null, historyOmitted: 0 }).finish();
  }
  const appError =
    error instanceof AppError
      ? error
      : stoppedByUser
        ? new AppError('provider_failed', 'You stopped this reply.')
        : error instanceof ProviderError && error.kind === 'busy'
          ? new AppError('rate_limited', error.message)
          : new AppError('provider_failed', (error as ProviderError).message);
  if (draft.emitted) return new MidStreamError(appError, kept);
  return kept ? new KeptExchangeError(appError, kept) : appError;
}

/** The reply as the client gets it, and the one statement that stores the exchange's end. */
function endOf(deps: ChatServiceDeps, exchange: StartedExchange, draft: ReplyDraft, end: ExchangeEnd & { passages?: StreamedReply['passages'] }) {
  const { userId, conversation, body } = exchange;
  const responseTimeMs = Math.round(performance.now() - exchange.started);
  const finishedAt = deps.clock.now();
  const { content, usage } = draft;
  const toolCalls = draft.toolCalls;
  const { continued } = exchange;
  // A Continue grows the reply it continues (when the model wrote anything); any other exchange stores a new one.
  const replyId = content || end.image || toolCalls.length > 0 ? (continued?.id ?? randomUUID()) : null;
  const added = continued ? continuationPiece(continued.content, content) : content;
  const citations = citationsOf(end.passages ?? null);
  const reply: ChatReply = {
    content: continued ? continued.content + added : content,
    image: end.image,
    conversationId: conversation.id,
    messageId: replyId ?? '',
    userMessageId: exchange.userMessageId,
    responseTime: responseTimeMs,
    status: end.status,
    ...(end.historyOmitted > 0 ? { historyOmitted: end.historyOmitted } : {}),
    ...(citations ? { citations } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
  };
  const usageInsert = draft.providerAsked || !exchange.choice ? (deps.teamControls?.usageInsert ?? null) : null;
  const usageRecord = usageInsert ? usageOf(exchange, draft) : null;
  const finish = async () => {
    await exchanges.finishExchange(deps.db, {
      userId,
      conversation,
      reply: replyId
        ? {
            id: replyId,
            extends: continued !== null,
            parentId: exchange.userMessageId,
            regenerated: exchange.regenerated,
            content: added,
            image: end.image,
            model: exchange.model,
            tokensIn: usage.tokensIn,
            tokensOut: usage.tokensOut,
            status: end.status,
            citations,
            toolCalls,
            createdAt: new Date(Math.max(finishedAt.getTime(), exchange.now.getTime() + 1)),
          }
        : null,
      responseTimeMs,
      success: end.success,
      tokens: usage.tokensIn + usage.tokensOut,
      features: featureEventsOf(body, exchange.attachments),
      now: finishedAt,
      usage: usageRecord && usageInsert ? { row: usageRecord, insert: usageInsert } : null,
    });
    if (usageRecord) deps.teamControls?.usageRecorded(usageRecord, finishedAt);
  };
  return { reply, finish };
}

/**
 * The call's tokens for the team's usage and budgets: the provider's own counts when the stream
 * gave them, else an estimate from the text (marked estimated), as for the offline engine.
 */
function usageOf(exchange: StartedExchange, draft: ReplyDraft): UsageRecord {
  const counted = draft.usage.tokensIn > 0 || draft.usage.tokensOut > 0;
  const prompt = exchange.history.reduce((sum, turn) => sum + estimateTokens(turn.content), estimateTokens(exchange.text));
  return {
    userId: exchange.userId,
    persona: exchange.persona.id,
    model: exchange.model,
    tokensIn: counted ? draft.usage.tokensIn : prompt,
    tokensOut: counted ? draft.usage.tokensOut : estimateTokens(draft.content),
    estimated: !counted,
  };
}

function featureEventsOf(body: ParsedChatRequest, attachments: ResolvedAttachment[]) {
  const events: { feature: string; action: string }[] = [{ feature: body.mode, action: 'message' }];
  if (attachments.length > 0) events.push({ feature: 'attachments', action: 'attach' });
  if (body.generateImage) events.push({ feature: 'image', action: 'generate' });
  return events;
}
