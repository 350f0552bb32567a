import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatFeedbackBodySchema,
  chatFeedbackResponseSchema,
  chatReplySchema,
  chatErrorBodySchema,
  chatRequestSchema,
  chatStopResponseSchema,
  personasResponseSchema,
  type ChatReply,
  type ChatStreamEvent,
} from '@contract/chat';
import { requireUser } from '../auth/current-user';
import { sessionEndedError, watchSession } from '../auth/session-watch';
import { KeptExchangeError, MidStreamError, type ChatService, type KeptExchange } from './chat.service';
import { openEventStream } from '../../lib/event-stream';
import type { ReplySink } from './reply-draft';

/**
 * POST /api/chat answers JSON, or SSE when the client sends `Accept: text/event-stream`. The SSE
 * response starts with the first token: anything refused before it (limits, legal mode, bad
 * attachments, a provider failing at once) still gets its JSON error status.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chatService: ChatService }> = async (app, { chatService }) => {
  app.get('/api/personas', { schema: { response: { 200: personasResponseSchema } } }, async () => ({
    personas: chatService.personas(),
  }));

  app.post(
    '/api/chat',
    { schema: { body: chatRequestSchema, response: { 200: chatReplySchema, '4xx': chatErrorBodySchema, '5xx': chatErrorBodySchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');

      // A client that goes away aborts the provider call (a reply begun is stored as stopped).
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      // So does the end of the session it runs under (revoked, password changed, suspended): a
      // reply must not keep streaming to a browser that was signed out.
      let sessionEnded = false;
      const stopWatching = watchSession(request, user.id, () => {
        sessionEnded = true;
        abort.abort();
      });

      // A failure whose user message was kept says where it is, so the client can offer Retry.
      const keptFailure = (error: KeptExchangeError | MidStreamError) => {
        if (sessionEnded) throw sessionEndedError();
        if (!error.kept) throw error.appError;
        return reply.code(error.appError.status).send({ error: error.appError.message, code: error.appError.code, ...error.kept });
      };

      if (!wantsStream) {
        try {
          return await chatService.chat(user, request.body, { delta: () => {} }, abort.signal);
        } catch (error) {
          if (error instanceof MidStreamError || error instanceof KeptExchangeError) return keptFailure(error);
          if (sessionEnded) throw sessionEndedError();
          throw error;
        } finally {
          stopWatching();
        }
      }

      let started = false;
      const send = (event: ChatStreamEvent) => {
        if (!started) {
          started = true;
          openEventStream(reply);
        }
        if (!reply.raw.destroyed) reply.raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
      };

      const sink: ReplySink = {
        delta: (text: string) => send({ event: 'delta', data: { text } }),
        progress: (text: string) => send({ event: 'progress', data: { text } }),
        // MCP tools (issue 40): a call waiting for Allow or Deny, and each call once decided.
        toolApproval: (data) => send({ event: 'tool_approval', data }),
        toolCall: (data) => send({ event: 'tool_call', data }),
        // The whole reply, already stored: `done` promises it survives a crash (issue 47).
        done: (result: ChatReply) => {
          // The client has the whole reply: a sign-out from here on stops nothing (counting its usage goes on).
          stopWatching();
          send({ event: 'done', data: result });
          reply.raw.end();
        },
      };
      try {
        await chatService.chat(user, request.body, sink, abort.signal);
      } catch (error) {
        if (!started) {
          if (error instanceof MidStreamError || error instanceof KeptExchangeError) return keptFailure(error);
          if (sessionEnded) throw sessionEndedError();
          throw error;
        }
        if (reply.raw.writableEnded) {
          // The client has its stored reply; only counting the team's usage failed (the database went away meanwhile).
          request.log.error({ err: error }, 'recording a streamed chat reply\'s usage failed');
          return reply;
        }
        if (sessionEnded) {
          // The signed-out browser is told why, and nothing more (the reply so far is stored as stopped).
          const ended = sessionEndedError();
          send({ event: 'error', data: { error: ended.message, code: ended.code } });
          reply.raw.end();
          return reply;
        }
        const appError = error instanceof MidStreamError ? error.appError : null;
        const kept: KeptExchange | null = error instanceof MidStreamError ? error.kept : null;
        if (!appError) request.log.error({ err: error }, 'chat stream failed');
        send({
          event: 'error',
          data: appError
            ? { error: appError.message, code: appError.code, ...kept }
            : { error: 'Something went wrong on our side. Please try again.', code: 'internal' },
        });
        reply.raw.end();
      } finally {
        stopWatching();
      }
      return reply;
    },
  );

  app.post('/api/chat/stop', { schema: { response: { 200: chatStopResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    return chatService.stop(user.id);
  });

  app.post(
    '/api/chat/feedback',
    { schema: { body: chatFeedbackBodySchema, response: { 200: chatFeedbackResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return chatService.feedback(user.id, request.body.messageId, request.body.feedback);
    },
  );
};
