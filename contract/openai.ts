import { z } from 'zod';
import { chatModeSchema } from './chat';
import { citationSchema, knowledgeOptionSchema } from './search';

/**
 * The OpenAI-compatible API at /v1 (issue 40): the subset of OpenAI's Chat Completions and Models
 * shapes Genie speaks, plus Genie's own extra fields (`mode`, `knowledge`, `citations`,
 * `conversation_id`). Errors are OpenAI's `{error: {message, type, param, code}}`.
 */

/** One part of a message's content; Genie reads only `text` parts. */
export const openAiContentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

export const openAiMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function'], { error: 'role must be system, developer, user or assistant' }),
  content: z.union([z.string(), z.array(openAiContentPartSchema), z.null()]).optional(),
});
export type OpenAiMessage = z.infer<typeof openAiMessageSchema>;

/**
 * POST /v1/chat/completions. `model` is a persona id (GET /v1/models). OpenAI's other fields
 * (temperature, max_tokens…) are accepted and ignored: the operator's model settings apply.
 */
export const openAiCompletionRequestSchema = z.looseObject({
  model: z.string({ error: 'model is required: one of default, gino, gina or g (GET /v1/models)' }).min(1, 'model is required: one of default, gino, gina or g (GET /v1/models)'),
  messages: z.array(openAiMessageSchema, { error: 'messages is required: a list of {role, content}' }).min(1, 'messages needs at least one message'),
  stream: z.boolean({ error: 'stream must be true or false' }).optional(),
  /** Genie's: chat (default), dictionary or law (law needs a premium plan, as in the browser). */
  mode: chatModeSchema.optional(),
  /** Genie's: answer from the user's files, as POST /api/chat's `knowledge`. */
  knowledge: knowledgeOptionSchema.optional(),
});
export type OpenAiCompletionRequest = z.infer<typeof openAiCompletionRequestSchema>;

export const openAiFinishReasonSchema = z.enum(['stop', 'length']);

export const openAiCompletionSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      finish_reason: openAiFinishReasonSchema,
      logprobs: z.null(),
    }),
  ),
  /** Genie's: the stored conversation this exchange is in (it shows in the user's chat history). */
  conversation_id: z.string(),
  /** Genie's: the passages the answer cites as [n], when `knowledge` was sent. */
  citations: z.array(citationSchema).optional(),
});
export type OpenAiCompletion = z.infer<typeof openAiCompletionSchema>;

/** One `data:` line of a streamed completion; the last one carries finish_reason (and citations). */
export const openAiCompletionChunkSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ role: z.literal('assistant').optional(), content: z.string().optional() }),
      finish_reason: openAiFinishReasonSchema.nullable(),
      logprobs: z.null(),
    }),
  ),
  conversation_id: z.string().optional(),
  citations: z.array(citationSchema).optional(),
});
export type OpenAiCompletionChunk = z.infer<typeof openAiCompletionChunkSchema>;

export const openAiModelSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
  /** Genie's: the persona's name and the model answering for it now ("Offline" without one). */
  name: z.string(),
  model_name: z.string(),
});
export type OpenAiModel = z.infer<typeof openAiModelSchema>;
export const openAiModelListSchema = z.object({ object: z.literal('list'), data: z.array(openAiModelSchema) });
export type OpenAiModelList = z.infer<typeof openAiModelListSchema>;

export const openAiErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});
export type OpenAiError = z.infer<typeof openAiErrorSchema>;
