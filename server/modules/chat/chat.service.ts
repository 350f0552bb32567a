import { performance } from 'node:perf_hooks';
import type { ModelMessage, UserContent } from 'ai';
import { attachmentsOnlyMessage, CHAT_HISTORY_TO_MODEL, OFFLINE_MODEL_LABEL, type ChatReply, type ParsedChatRequest, type PersonaWithModel } from '@contract/chat';
import { getPersona, PERSONAS } from '@contract/personas';
import { attachmentAsPromptText } from '../../adapters/llm/attachment-text';
import { buildCatalogue, modelLabel, VISION_PROVIDERS, type ModelCatalogue } from '../../adapters/llm/catalogue';
import { ProviderError, streamModel, type StreamUsage } from '../../adapters/llm/model-stream';
import { OFFLINE_MODEL, offlineReply } from '../../adapters/llm/offline-engine';
import { LEGAL_DISCLAIMER, systemPrompt } from '../../adapters/llm/prompts';
import { createModelsHealth } from '../../adapters/llm/provider-health';
import { languageModelFor } from '../../adapters/llm/providers';
import { lookupWord, wordAskedAbout } from '../../adapters/llm/wordnet';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { resolveAttachments, type ResolvedAttachment } from './chat-attachments';
import { generateImageFor, type ImageOutcome } from './chat-images';
import { checkChatAllowed, type ChatSender } from './chat-limits';
import { chatRepository as repo } from './chat.repository';

export interface ChatServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  objectStore: ObjectStore;
}

/** Receives the reply as it is produced; the route writes each delta to the client at once. */
export interface ReplySink {
  delta(text: string): void;
}

/** Thrown after some text already reached the client: the route sends an SSE `error` event. */
export class MidStreamError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

const HISTORY_FROM_STORE = 40;

export function createChatService(deps: ChatServiceDeps) {
  const { db, config, clock } = deps;
  const catalogue: ModelCatalogue = buildCatalogue(config);

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
     * One exchange. Everything that can refuse the request (limits, legal mode, attachments, the
     * conversation, a provider failing before its first token) throws an AppError before
     * `sink.delta` is first called, so the route can still answer with a JSON status.
     */
    async chat(sender: ChatSender, body: ParsedChatRequest, sink: ReplySink, signal: AbortSignal): Promise<ChatReply> {
      const userId = sender.id;
      const started = performance.now();
      const now = clock.now();
      const persona = getPersona(body.character);
      await checkChatAllowed(db, config, sender, body.mode, now);

      const existing = body.conversationId ? await repo.findOwnConversation(db, userId, body.conversationId) : null;
      if (body.conversationId && !existing) throw notFound('That conversation');
      const attachments = await resolveAttachments(db, deps.objectStore, userId, body.attachments ?? []);
      const text = body.message.trim() || attachmentsOnlyMessage(attachments.length);
      const choice = catalogue[persona.id];
      const model = choice ? modelLabel(choice) : OFFLINE_MODEL;

      // The user's message is stored first: it counts toward the limits while the reply runs.
      const conversation =
        existing ?? (await repo.createConversation(db, { userId, title: titleOf(text), persona: persona.id, mode: body.mode, now }));
      const userMessage = await repo.insertMessage(db, {
        conversationId: conversation.id,
        userId,
        role: 'user',
        content: text,
        attachments: attachments.length > 0 ? attachments.map((a) => a.stored) : null,
        createdAt: now,
      });
      const history: ModelMessage[] =
        body.messages.length > 0 || !existing
          ? body.messages.slice(-CHAT_HISTORY_TO_MODEL).map((m) => ({ role: m.role, content: m.content }))
          : (await repo.recentMessages(db, conversation.id, HISTORY_FROM_STORE + 1))
              .slice(0, -1)
              .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));

      const imagePromise: Promise<ImageOutcome> | null = body.generateImage
        ? generateImageFor({ db, config, store: deps.objectStore, clock }, userId, text, signal)
        : null;

      let content = '';
      let emitted = false;
      const emit = (piece: string) => {
        content += piece;
        emitted = true;
        sink.delta(piece);
      };
      let usage: StreamUsage = { tokensIn: 0, tokensOut: 0 };
      const finish = async (success: boolean, status: 'complete' | 'incomplete', image: string | null) => {
        const responseTimeMs = Math.round(performance.now() - started);
        const assistant =
          content || image
            ? await repo.insertMessage(db, {
                conversationId: conversation.id,
                userId,
                role: 'assistant',
                content,
                image,
                responseTimeMs,
                model,
                tokensIn: usage.tokensIn,
                tokensOut: usage.tokensOut,
                status,
                createdAt: new Date(Math.max(clock.now().getTime(), now.getTime() + 1)),
              })
            : null;
        await repo.insertInteraction(db, {
          userId,
          messageId: assistant?.id ?? null,
          persona: persona.id,
          mode: body.mode,
          responseTimeMs,
          success,
          tokens: usage.tokensIn + usage.tokensOut,
          createdAt: clock.now(),
        });
        await repo.insertFeatureEvents(db, featureEventsOf(userId, body, attachments, clock.now()));
        await repo.touchConversation(db, conversation.id, { persona: persona.id, mode: body.mode, now: clock.now() });
        return { assistantId: assistant?.id ?? '', responseTimeMs };
      };

      try {
        if (!choice) {
          emit(await offlineReply({ persona, mode: body.mode, message: body.message, attachments: attachments.map((a) => a.extracted) }));
        } else {
          const wordnet = body.mode === 'dictionary' && body.message.trim() ? await lookupWord(wordAskedAbout(body.message)) : null;
          const stream = streamModel({
            model: languageModelFor(config, choice),
            system: systemPrompt(persona, body.mode, wordnet),
            messages: [...history, { role: 'user', content: userContent(text, attachments, VISION_PROVIDERS.includes(choice.provider)) }],
            signal,
            idleTimeoutMs: config.MODEL_TIMEOUT_MS,
          });
          for (;;) {
            const next = await stream.next();
            if (next.done) {
              usage = next.value;
              break;
            }
            emit(next.value);
          }
        }
        if (body.mode === 'law') emit(`${content ? '\n\n' : ''}${LEGAL_DISCLAIMER}`);
        const imageOutcome = imagePromise ? await imagePromise : null;
        if (imageOutcome && 'note' in imageOutcome) emit(`${content ? '\n\n' : ''}${imageOutcome.note}`);
        const image = imageOutcome && 'image' in imageOutcome ? imageOutcome.image : null;
        const { assistantId, responseTimeMs } = await finish(true, 'complete', image);
        return { content, image, conversationId: conversation.id, messageId: assistantId, responseTime: responseTimeMs };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        await imagePromise?.catch(() => null);
        if (!emitted) {
          // Nothing reached the client: forget the user's message (and a conversation it started).
          if (existing) await repo.deleteMessage(db, userMessage.id);
          else await repo.deleteConversation(db, conversation.id);
          await finish(false, 'incomplete', null);
          throw new AppError('provider_failed', error.message);
        }
        await finish(false, 'incomplete', null);
        throw new MidStreamError(new AppError('provider_failed', error.message));
      }
    },

    async feedback(userId: string, messageId: string, feedback: 'positive' | 'negative') {
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

/** The user's text and each attachment's text; images as images when the model can see them. */
function userContent(text: string, attachments: ResolvedAttachment[], vision: boolean): UserContent {
  const parts: Exclude<UserContent, string> = [{ type: 'text', text }];
  for (const a of attachments) {
    if (vision && a.imageBytes) {
      parts.push({ type: 'text', text: `Attached image "${a.stored.name}":` });
      parts.push({ type: 'image', image: a.imageBytes, mediaType: a.stored.type });
    } else {
      parts.push({ type: 'text', text: attachmentAsPromptText(a.extracted) });
    }
  }
  // Plain text when there is no image: some compatible servers accept only string content.
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n\n');
  return parts;
}

function featureEventsOf(userId: string, body: ParsedChatRequest, attachments: ResolvedAttachment[], createdAt: Date) {
  const events: { userId: string; feature: string; action: string; createdAt: Date }[] = [
    { userId, feature: body.mode, action: 'message', createdAt },
  ];
  if (attachments.length > 0) events.push({ userId, feature: 'attachments', action: 'attach', createdAt });
  if (body.generateImage) events.push({ userId, feature: 'image', action: 'generate', createdAt });
  return events;
}
