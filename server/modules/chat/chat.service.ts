import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  attachmentsOnlyMessage,
  CHAT_HISTORY_TO_MODEL,
  OFFLINE_MODEL_LABEL,
  type ChatReply,
  type MessageStatus,
  type ParsedChatRequest,
  type PersonaWithModel,
} from '@contract/chat';
import { getPersona, PERSONAS } from '@contract/personas';
import { buildCatalogue, modelLabel, type ModelCatalogue } from '../../adapters/llm/catalogue';
import { ReportedContextSizes } from '../../adapters/llm/context-budget';
import { ProviderError, type ChatTurn } from '../../adapters/llm/model-stream';
import { OFFLINE_MODEL } from '../../adapters/llm/offline-engine';
import type { AttachmentReader } from '../../adapters/llm/attachment-text';
import { createModelsHealth } from '../../adapters/llm/provider-health';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FilesForChat } from '../files/file-records.service';
import { resolveAttachments, type ResolvedAttachment } from './chat-attachments';
import { citationsOf, gatherKnowledge, type KnowledgeSource } from './chat-knowledge';
import { generateImageFor } from './chat-images';
import { chatExchangeRepository as exchanges, type ExchangeStart } from './chat-exchange.repository';
import { chatLimitsFor, limitRefusal, type ChatSender } from './chat-limits';
import { ReplyDraft, streamReply, type ReplyRequest, type ReplySink, type StreamedReply } from './chat-reply';
import { chatRepository as repo } from './chat.repository';
import type { PendingWrites } from '../../lib/pending-writes';

export interface ChatServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** The user's files: attachments are read and generated images kept through the files module. */
  files: FilesForChat;
  /** Reads attached files' text (the extraction pool). */
  extraction: AttachmentReader;
  /** Shared with the conversations service, so it reads what a finished stream stores. */
  pendingWrites: PendingWrites;
  /** Passages of the user's files, for "Search my files" and long attachments (the search module). */
  knowledge?: KnowledgeSource;
}

/** Thrown after some text already reached the client: the route sends an SSE `error` event. */
export class MidStreamError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

const HISTORY_FROM_STORE = 40;

/** An exchange once started: the user's message is stored and counts toward their limits. */
interface StartedExchange extends ReplyRequest {
  userId: string;
  /** performance.now() when the request began, for the response time. */
  started: number;
  now: Date;
  body: ParsedChatRequest;
  conversation: { id: string; existing: boolean; title: string; persona: string; mode: string };
  /** The label stored with the reply: `<provider>:<model id>`, or the offline engine's. */
  model: string;
  userMessageId: string;
}

/** How an exchange ends, as stored: the reply (if any text or image), its status and the interaction. */
interface ExchangeEnd {
  success: boolean;
  status: MessageStatus;
  image: string | null;
  historyOmitted: number;
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, config, clock, pendingWrites } = deps;
  const catalogue: ModelCatalogue = buildCatalogue(config);
  const reportedContext = new ReportedContextSizes();

  /**
   * Step 1. Everything that can refuse the request (limits, legal mode, attachments, the
   * conversation) throws an AppError here; when it returns, the user's message is stored (and a
   * new conversation with it), so it counts toward the limits while the reply runs.
   */
  async function startExchange(sender: ChatSender, body: ParsedChatRequest): Promise<StartedExchange> {
    const userId = sender.id;
    const started = performance.now();
    const earlier = pendingWrites.pendingFor(userId);
    if (earlier) await earlier; // the previous reply of this user, still being stored
    const now = clock.now();
    const persona = getPersona(body.character);
    const limits = chatLimitsFor(config, sender, body.mode, now);
    const existing = body.conversationId !== undefined;
    const conversation = { id: body.conversationId ?? randomUUID(), existing, title: '', persona: persona.id, mode: body.mode };
    const historyFromStore = existing && body.messages.length === 0;
    const refuseUnlessAllowed = (start: ExchangeStart) => {
      const refusal = limitRefusal(limits, start, now);
      if (refusal) throw refusal;
      if (!start.conversationFound) throw notFound('That conversation');
    };

    let attachments: ResolvedAttachment[] = [];
    if (body.attachments && body.attachments.length > 0) {
      // Checked before the files are read, so the refusals come in the same order as without them.
      refuseUnlessAllowed(await exchanges.startExchange(db, { userId, now, limits, conversation, message: null, historyLimit: 0 }));
      attachments = await resolveAttachments(deps.files, deps.extraction, userId, body.attachments);
    }
    const text = body.message.trim() || attachmentsOnlyMessage(attachments.length);
    conversation.title = titleOf(text);
    const choice = catalogue[persona.id];

    const userMessageId = randomUUID();
    const start = await exchanges.startExchange(db, {
      userId,
      now,
      limits,
      conversation,
      message: { id: userMessageId, content: text, attachments: attachments.length > 0 ? attachments.map((a) => a.stored) : null },
      historyLimit: historyFromStore ? HISTORY_FROM_STORE : 0,
    });
    refuseUnlessAllowed(start);
    const knowledge = await gatherKnowledge(deps.knowledge, userId, body, body.message.trim() || text, attachments);
    const history: ChatTurn[] = (historyFromStore ? start.history : body.messages.slice(-CHAT_HISTORY_TO_MODEL)).map((m) => ({
      role: m.role as ChatTurn['role'],
      content: m.content,
    }));
    return {
      userId,
      started,
      now,
      body,
      conversation,
      persona,
      mode: body.mode,
      message: body.message,
      text,
      attachments,
      choice,
      model: choice ? modelLabel(choice) : OFFLINE_MODEL,
      history,
      userMessageId,
      knowledge,
    };
  }

  /** The reply as the client gets it, and the one statement that stores the exchange's end. */
  function endOf(exchange: StartedExchange, draft: ReplyDraft, end: ExchangeEnd) {
    const { userId, conversation, body } = exchange;
    const responseTimeMs = Math.round(performance.now() - exchange.started);
    const finishedAt = clock.now();
    const { content, usage } = draft;
    const replyId = content || end.image ? randomUUID() : null;
    const citations = citationsOf(exchange.knowledge ?? null);
    const reply: ChatReply = {
      content,
      image: end.image,
      conversationId: conversation.id,
      messageId: replyId ?? '',
      responseTime: responseTimeMs,
      status: end.status,
      ...(end.historyOmitted > 0 ? { historyOmitted: end.historyOmitted } : {}),
      ...(citations ? { citations } : {}),
    };
    const store = () =>
      exchanges.finishExchange(db, {
        userId,
        conversation,
        reply: replyId
          ? {
              id: replyId,
              content,
              image: end.image,
              model: exchange.model,
              tokensIn: usage.tokensIn,
              tokensOut: usage.tokensOut,
              status: end.status,
              citations,
              createdAt: new Date(Math.max(finishedAt.getTime(), exchange.now.getTime() + 1)),
            }
          : null,
        responseTimeMs,
        success: end.success,
        tokens: usage.tokensIn + usage.tokensOut,
        features: featureEventsOf(body, exchange.attachments),
        now: finishedAt,
      });
    return { reply, store };
  }

  /** Step 3, when the reply came: a streaming client has it (and its id) before it is stored. */
  async function storeReply(exchange: StartedExchange, draft: ReplyDraft, streamed: StreamedReply, sink: ReplySink): Promise<ChatReply> {
    const { reply, store } = endOf(exchange, draft, { success: true, ...streamed });
    if (!sink.done) {
      await store();
      return reply;
    }
    sink.done(reply);
    const stored = store();
    pendingWrites.track(exchange.userId, stored);
    await stored;
    return reply;
  }

  /**
   * Step 3, when the reply failed: the error to throw. A failure on the provider's side (or a
   * message too long for the model) before any text reached the user forgets the user's message:
   * it costs no allowance. The user's own abort keeps it: the provider was sent the prompt, and a
   * chat stopped before its first token must count like any other. Text already sent is kept, as
   * `stopped` or `failed`.
   */
  async function rollBack(exchange: StartedExchange, draft: ReplyDraft, error: unknown): Promise<unknown> {
    const tooLong = error instanceof AppError && error.code === 'too_large';
    if (!(error instanceof ProviderError) && !tooLong) return error;
    await draft.image?.catch(() => null);
    const stoppedByUser = error instanceof ProviderError && error.kind === 'aborted';
    if (!draft.emitted && !stoppedByUser) {
      if (exchange.conversation.existing) await repo.deleteMessage(db, exchange.userMessageId);
      else await repo.deleteConversation(db, exchange.conversation.id);
    }
    // A message refused before any provider was asked leaves no interaction, like a limit refusal.
    if (draft.providerAsked) {
      await endOf(exchange, draft, { success: false, status: stoppedByUser ? 'stopped' : 'failed', image: null, historyOmitted: 0 }).store();
    }
    const appError = error instanceof AppError ? error : new AppError('provider_failed', (error as ProviderError).message);
    return draft.emitted ? new MidStreamError(appError) : appError;
  }

  return {
    catalogue,

    /** For /api/health: 'ok' when every configured provider answers, 'down' if one does not, else 'offline'. */
    modelsStatus: createModelsHealth(config, catalogue),

    personas(): PersonaWithModel[] {
      return PERSONAS.map((p) => {
        const choice = catalogue[p.id];
        return { ...p, model: choice ? modelLabel(choice) : OFFLINE_MODEL_LABEL, offline: choice === null };
      });
    },

    /**
     * One exchange, in three steps: start it (refusals throw an AppError before `sink.delta` is
     * first called, so the route can still answer with a JSON status), stream the reply, then
     * store it or roll back.
     */
    async chat(sender: ChatSender, body: ParsedChatRequest, sink: ReplySink, signal: AbortSignal): Promise<ChatReply> {
      const exchange = await startExchange(sender, body);
      const image = body.generateImage ? generateImageFor({ config, files: deps.files }, exchange.userId, exchange.text, signal) : null;
      const draft = new ReplyDraft(sink, image);
      let streamed: StreamedReply;
      try {
        streamed = await streamReply({ config, reportedContext }, exchange, draft, signal);
      } catch (error) {
        throw await rollBack(exchange, draft, error);
      }
      return storeReply(exchange, draft, streamed, sink);
    },

    async feedback(userId: string, messageId: string, feedback: 'positive' | 'negative') {
      const pending = pendingWrites.pendingFor(userId);
      if (pending) await pending; // thumbs on a reply that is still being stored
      if (!(await repo.setFeedback(db, userId, messageId, feedback))) throw notFound('That message');
      return { messageId, feedback };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

function titleOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

function featureEventsOf(body: ParsedChatRequest, attachments: ResolvedAttachment[]) {
  const events: { feature: string; action: string }[] = [{ feature: body.mode, action: 'message' }];
  if (attachments.length > 0) events.push({ feature: 'attachments', action: 'attach' });
  if (body.generateImage) events.push({ feature: 'image', action: 'generate' });
  return events;
}
