import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ChatReply } from '@contract/chat';
import type { OpenAiCompletion, OpenAiCompletionChunk, OpenAiModelList } from '@contract/openai';
import { AppError } from '../../lib/app-error';
import { requireApiKeyUser } from '../api-keys/api-key-auth';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import { KeptExchangeError, MidStreamError, type ChatService } from '../chat/chat.service';
import { apiDoorRefusal } from '../team-controls/team-policy-rules';
import { errorBody, fromAppError, openAiErrorHandler, OpenAiRequestError } from './openai-errors';
import { chatRequestOf } from './openai-request';
import { openEventStream } from '../../lib/event-stream';

/** GET /v1/models' `created`: the personas have no creation time; this is the day they first answered here. */
const MODELS_CREATED = 1_767_225_600; // 2026-01-01T00:00:00Z

const finishReason = (reply: ChatReply) => (reply.status === 'cut_off' ? 'length' : 'stop');
const seconds = () => Math.floor(Date.now() / 1000);

/**
 * The OpenAI-compatible API (issue 40), registered under the prefix /v1: an API key as bearer acts
 * as its user, and every completion goes through the browser chat's service, so it is refused,
 * counted and stored exactly like a message sent in the browser. Its own error handler answers in
 * OpenAI's shape.
 */
export const openAiApiRoutes: FastifyPluginAsync<{ chatService: ChatService; apiKeys: ApiKeysService }> = async (app, { chatService, apiKeys }) => {
  /**
   * The key's user, when their team's policy lets API keys in (issue 43); else 403 with the rule.
   * Both come from the key's cache entry: nothing is read here before a chat starts, as for a
   * browser's chat with its cached session (issue 40's first-token overhead).
   */
  const apiUser = async (request: Parameters<typeof requireApiKeyUser>[0]) => {
    const user = await requireApiKeyUser(request, apiKeys);
    const refusal = apiDoorRefusal(user.policy, 'api');
    if (refusal) throw refusal;
    return user;
  };
  app.setErrorHandler(openAiErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody(new OpenAiRequestError(404, `Genie's API has no ${request.method} ${request.url.split('?')[0]}. It answers GET /v1/models and POST /v1/chat/completions.`, 'invalid_request_error', null, 'unknown_url'))),
  );

  const modelList = (): OpenAiModelList => ({
    object: 'list',
    data: chatService.personas().map((p) => ({ id: p.id, object: 'model', created: MODELS_CREATED, owned_by: 'genie', name: p.name, model_name: p.modelName })),
  });

  app.get('/models', async (request) => {
    await apiUser(request);
    return modelList();
  });

  app.get<{ Params: { id: string } }>('/models/:id', async (request) => {
    await apiUser(request);
    const model = modelList().data.find((m) => m.id === request.params.id);
    if (!model) throw new OpenAiRequestError(404, `The model "${request.params.id}" does not exist.`, 'invalid_request_error', 'model', 'model_not_found');
    return model;
  });

  app.post('/chat/completions', async (request, reply) => {
    const user = await apiUser(request);
    const { request: body, chat } = chatRequestOf(request.body);
    const created = seconds();

    const abort = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    // Before any text the refusal is an error response; a failure whose message was kept still is one.
    const unwrap = (error: unknown) => (error instanceof MidStreamError || error instanceof KeptExchangeError ? error.appError : error);

    if (!body.stream) {
      let answer: ChatReply;
      try {
        answer = await chatService.chat(user, chat, { delta: () => {} }, abort.signal);
      } catch (error) {
        throw unwrap(error);
      }
      const completion: OpenAiCompletion = {
        id: `chatcmpl-${answer.messageId}`,
        object: 'chat.completion',
        created,
        model: chat.character,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content, refusal: null }, finish_reason: finishReason(answer), logprobs: null }],
        conversation_id: answer.conversationId,
        ...(answer.citations ? { citations: answer.citations } : {}),
      };
      return completion;
    }

    // The stream starts with the first text (or the whole reply): a refusal before it is a status.
    const id = `chatcmpl-${randomUUID()}`;
    let started = false;
    const write = (data: unknown) => {
      if (!started) {
        started = true;
        openEventStream(reply);
        write(chunk({ role: 'assistant', content: '' }, null));
      }
      if (!reply.raw.destroyed) reply.raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    };
    const chunk = (delta: OpenAiCompletionChunk['choices'][number]['delta'], finish: 'stop' | 'length' | null, extra: Partial<OpenAiCompletionChunk> = {}): OpenAiCompletionChunk => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: chat.character,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      ...extra,
    });
    const sink = {
      delta: (text: string) => write(chunk({ content: text }, null)),
      done: (answer: ChatReply) => {
        write(chunk({}, finishReason(answer), { conversation_id: answer.conversationId, ...(answer.citations ? { citations: answer.citations } : {}) }));
        write('[DONE]');
        reply.raw.end();
      },
    };
    try {
      await chatService.chat(user, chat, sink, abort.signal);
    } catch (error) {
      const cause = unwrap(error);
      if (!started) throw cause;
      if (reply.raw.writableEnded) {
        // The client has its answer; only storing it failed.
        request.log.error({ err: error }, 'storing a /v1 reply failed');
        return reply;
      }
      const known = cause instanceof OpenAiRequestError ? cause : cause instanceof AppError ? fromAppError(cause) : null;
      if (!known) request.log.error({ err: error }, '/v1 stream failed');
      // OpenAI's clients raise an APIError for a data line that carries `error`.
      write(errorBody(known ?? new OpenAiRequestError(500, 'Something went wrong on our side. Please try again.', 'server_error', null, 'internal')));
      reply.raw.end();
    }
    return reply;
  });
};
