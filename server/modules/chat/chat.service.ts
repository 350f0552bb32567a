import { randomUUID } from 'node:crypto';
import { OFFLINE_MODEL_LABEL, type ChatReply, type ParsedChatRequest, type PersonaWithModel } from '@contract/chat';
import { PERSONAS } from '@contract/personas';
import { buildCatalogue, modelLabel } from '../../adapters/llm/catalogue';
import { ReportedContextSizes } from '../../adapters/llm/context-budget';
import { readableModelName } from '../../adapters/llm/model-names';
import { createModelsHealth } from '../../adapters/llm/provider-health';
import { personaSetting } from '../../persona-settings';
import { notFound } from '../../lib/app-error';
import { InFlightReplies } from './in-flight-replies';
import { AllowanceMemo } from './allowance-memo';
import { attachmentPassageReader } from './attachment-passages';
import { generateImageFor } from './chat-images';
import type { ChatSender } from './chat-limits';
import { streamReply, type StreamedReply } from './chat-reply';
import { ReplyDraft, type ReplySink } from './reply-draft';
import { chatRepository as repo } from './chat.repository';
import type { ChatContext, ChatServiceDeps } from './chat-service-deps';
import { earlyRequestOf } from './early-request';
import { rollBack, storeReply } from './exchange-end';
import { startExchange } from './exchange-start';
import { createTitleJob } from './title-job';
import { toolUseFor } from './tool-use-for';

// The service's parts live in files of their own; what other modules import from here stays here.
export type { ChatServiceDeps, ProjectsForChat, TeamControlsForChat } from './chat-service-deps';
export { KeptExchangeError, MidStreamError, type KeptExchange } from './chat-errors';
export { CONTINUE_PROMPT } from './exchange-start';

/**
 * The chat service's assembly: one exchange runs as named steps (the early request, the start,
 * the reply's stream, then storeReply or rollBack, then the title job), each in a file of its own.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { db, config } = deps;
  const catalogue = buildCatalogue(config);
  const reportedContext = new ReportedContextSizes();
  const ctx: ChatContext = { deps, catalogue, reportedContext, allowances: new AllowanceMemo(), passagesOf: attachmentPassageReader(deps.files, deps.extraction) };
  const inFlight = new InFlightReplies();
  const titles = createTitleJob(db, config);

  return {
    catalogue,

    /** For /api/health: 'ok' when every configured provider answers, 'down' if one does not, else 'offline'. */
    modelsStatus: createModelsHealth(config, catalogue),

    personas(): PersonaWithModel[] {
      return PERSONAS.map((p) => {
        const choice = catalogue[p.id];
        return {
          ...p,
          model: choice ? modelLabel(choice) : OFFLINE_MODEL_LABEL,
          modelName: choice ? readableModelName(choice, personaSetting(config, 'GENIE_MODEL_LABEL', p.id)) : OFFLINE_MODEL_LABEL,
          offline: choice === null,
        };
      });
    },

    /**
     * One exchange, in three steps: start it (refusals throw an AppError before `sink.delta` is
     * first called, so the route can still answer with a JSON status), stream the reply, then
     * store it or roll back.
     */
    async chat(sender: ChatSender, body: ParsedChatRequest, sink: ReplySink, clientGone: AbortSignal): Promise<ChatReply> {
      const early = earlyRequestOf(ctx, sender, body);
      // Named here, not by the start: a reply that runs before its start has answered is tracked by it.
      const conversationId: string = body.conversationId ?? randomUUID();
      const starting = startExchange(ctx, sender, body, conversationId);
      if (early) void starting.then(early.release, early.release);
      // Any other chat waits for its start here, so a refusal throws before anything else is done.
      const started = early ? null : await starting;
      // Stopped when the client goes away or asks POST /api/chat/stop, whichever comes first.
      const stop = new AbortController();
      const signal = AbortSignal.any([clientGone, stop.signal]);
      const run = (async () => {
        const image = started && body.generateImage ? generateImageFor({ config, files: deps.files }, sender.id, started.text, signal) : null;
        const draft = new ReplyDraft(sink, image);
        let streamed: StreamedReply;
        try {
          // An early request holds its first token until the start statement has allowed it.
          const request = early?.request ?? started!;
          const toolUse = deps.tools ? await toolUseFor(deps, request, conversationId) : null;
          streamed = await streamReply({ config, reportedContext }, toolUse ? { ...request, toolUse } : request, draft, signal, early ? starting : undefined);
        } catch (error) {
          // A refused early start throws its refusal here: the model's call was given up before any text.
          throw await rollBack(deps, await starting, draft, error);
        }
        const exchange = await starting;
        const reply = await storeReply(deps, exchange, draft, streamed, sink);
        titles.retitleInBackground(exchange, reply);
        return reply;
      })();
      return inFlight.run(sender.id, conversationId, stop, run);
    },

    /** At shutdown: titles still being written are given up (the keyword titles stay). */
    stopTitleCalls() {
      return titles.stopAll();
    },

    /** POST /api/chat/stop: aborts the user's replies in flight and answers once each is stored. */
    stop(userId: string) {
      return inFlight.stopAll(userId);
    },

    async feedback(userId: string, messageId: string, feedback: 'positive' | 'negative') {
      if (!(await repo.setFeedback(db, userId, messageId, feedback))) throw notFound('That message');
      return { messageId, feedback };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
