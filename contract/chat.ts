import { z } from 'zod';
import { errorBodySchema } from './errors';
import { personaIdSchema, type Persona } from './personas';
import { citationSchema, knowledgeOptionSchema } from './search';
import { toolCallSchema, type ToolApprovalEvent, type ToolCall } from './mcp-tools';

/**
 * POST /api/chat and the conversation endpoints (SPEC §3 Chat message and Attachment, §4 Mode and
 * Sending, §7 Chat; DESIGN.md "Contracts": conversationId, messageId and SSE streaming).
 */

export const CHAT_MODES = ['chat', 'dictionary', 'law'] as const;
export const chatModeSchema = z.enum(CHAT_MODES, { error: 'Mode must be chat, dictionary or law' });
export type ChatMode = z.infer<typeof chatModeSchema>;

/** Limits the server enforces on one request; the client can use them to stop a send early. */
export const CHAT_MESSAGE_MAX_CHARS = 20_000;
/** Prior messages accepted in one request; only the last CHAT_HISTORY_TO_MODEL go to the model. */
export const CHAT_HISTORY_MAX_MESSAGES = 1_000;
export const CHAT_HISTORY_TO_MODEL = 100;
export const CHAT_ATTACHMENTS_MAX = 10;
/** Characters of extracted text per attachment sent to a model; longer text is cut with a note. */
export const ATTACHMENT_TEXT_BUDGET_CHARS = 12_000;

/** SPEC §5: a message with attachments and no text becomes a text saying how many files are attached. */
export function attachmentsOnlyMessage(count: number): string {
  return `I've attached ${count} file${count === 1 ? '' : 's'}.`;
}

/**
 * SPEC §3 Attachment. `url` names one of the signed-in user's own files: its id, its download
 * address `/api/files/<id>/download`, or its objectPath. Anything else is refused with 400.
 */
export const attachmentSchema = z.object({
  url: z.string({ error: 'Attachment url is required' }).trim().min(1, 'Attachment url is required').max(2048),
  name: z.string().max(512).default(''),
  type: z.string().max(255).default('application/octet-stream'),
  size: z.number().int().min(0).default(0),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const chatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof chatRoleSchema>;

/** One prior message as the client sends it; extra fields (id, timestamp…) are ignored. */
export const historyMessageSchema = z.object({
  role: chatRoleSchema,
  content: z.string().max(CHAT_MESSAGE_MAX_CHARS, `A message may be at most ${CHAT_MESSAGE_MAX_CHARS} characters`),
});
export type HistoryMessage = z.infer<typeof historyMessageSchema>;

export const chatRequestSchema = z
  .object({
    message: z
      .string({ error: 'Message must be text' })
      .max(CHAT_MESSAGE_MAX_CHARS, `A message may be at most ${CHAT_MESSAGE_MAX_CHARS} characters`)
      .default(''),
    messages: z
      .array(historyMessageSchema)
      .max(CHAT_HISTORY_MAX_MESSAGES, `Send at most ${CHAT_HISTORY_MAX_MESSAGES} prior messages`)
      .default([]),
    character: personaIdSchema.default('default'),
    mode: chatModeSchema.default('chat'),
    generateImage: z.boolean({ error: 'generateImage must be true or false' }).default(false),
    attachments: z
      .array(attachmentSchema)
      .max(CHAT_ATTACHMENTS_MAX, `Attach at most ${CHAT_ATTACHMENTS_MAX} files`)
      .optional(),
    conversationId: z.uuid({ error: 'conversationId must be a conversation id' }).optional(),
    /**
     * Answer the last user message of the conversation's active branch again: a new variant of its
     * reply, or the first reply to a message whose reply failed (Retry). No message is sent.
     */
    regenerate: z.boolean({ error: 'regenerate must be true or false' }).optional(),
    /** Edit: the user message replaced by `message`; the conversation branches from before it. */
    editOf: z.uuid({ error: 'editOf must be a message id' }).optional(),
    /**
     * Continue (issue 42): the reply that was cut off (status cut_off) grows by what the model writes
     * next; no message is sent, and the reply keeps its id. The deltas are the new text; the done
     * event's `content` is the whole reply.
     */
    continueOf: z.uuid({ error: 'continueOf must be a message id' }).optional(),
    /** "Search my files": answer from passages of the user's files, cited as [n] (issue 16). */
    knowledge: knowledgeOptionSchema.optional(),
    /**
     * A new conversation starts inside this project (issue 42): its instructions join the system
     * prompt and its pinned files scope "Search my files". An existing conversation's own project
     * is used whatever is sent; null says "no project" (what a client knows it to be).
     */
    projectId: z.uuid({ error: 'projectId must be a project id' }).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.continueOf) {
      if (!body.conversationId) ctx.addIssue({ code: 'custom', message: 'Continue needs a conversationId', path: ['conversationId'] });
      if (body.regenerate || body.editOf) ctx.addIssue({ code: 'custom', message: 'Send continueOf alone, without regenerate or editOf', path: ['continueOf'] });
      return;
    }
    if (body.regenerate) {
      if (!body.conversationId) ctx.addIssue({ code: 'custom', message: 'Regenerate needs a conversationId', path: ['conversationId'] });
      if (body.editOf) ctx.addIssue({ code: 'custom', message: 'Send either regenerate or editOf, not both', path: ['editOf'] });
      return;
    }
    if (body.editOf && !body.conversationId) ctx.addIssue({ code: 'custom', message: 'An edit needs a conversationId', path: ['conversationId'] });
    if (body.message.trim() === '' && (body.attachments?.length ?? 0) === 0) {
      ctx.addIssue({ code: 'custom', message: 'Type a message or attach a file', path: ['message'] });
    }
  });
export type ChatRequest = z.input<typeof chatRequestSchema>;
export type ParsedChatRequest = z.output<typeof chatRequestSchema>;

/**
 * How an assistant message ended: complete; stopped by the user; cut_off by the provider's length
 * limit (the user can ask it to continue); failed on the provider's side mid-reply.
 */
export const MESSAGE_STATUSES = ['complete', 'stopped', 'cut_off', 'failed'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** The JSON reply, and the payload of the SSE `done` event. `responseTime` is in ms. */
export const chatReplySchema = z.object({
  content: z.string(),
  /** Download address of a generated image (`/api/files/<id>/download`), or null. */
  image: z.string().nullable(),
  conversationId: z.string(),
  messageId: z.string(),
  /** The stored user message this replies to (for edits). */
  userMessageId: z.string().optional(),
  responseTime: z.number().int().min(0),
  /** complete or cut_off (a reply that failed or was stopped ends in an error instead). */
  status: messageStatusSchema.optional(),
  /** How many earlier messages were left out so the conversation fits the model's context. */
  historyOmitted: z.number().int().min(1).optional(),
  /** The passages the reply cites as [n], when it was answered from the user's files. */
  citations: z.array(citationSchema).optional(),
  /** The MCP tool calls the reply made (issue 40), in order. */
  toolCalls: z.array(toolCallSchema).optional(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/**
 * SSE with `Accept: text/event-stream`: any number of `delta` (and `progress`), then exactly one `done` or `error`.
 * Each event is `event: <name>\ndata: <JSON>\n\n`.
 */
export const chatDeltaEventSchema = z.object({ text: z.string() });
/**
 * A failed exchange whose user message was kept (shown with Retry): where it is. Sent with the SSE
 * `error` event and the JSON error of POST /api/chat.
 */
const keptExchangeShape = { conversationId: z.string().optional(), userMessageId: z.string().optional() };
export const chatErrorEventSchema = z.object({ error: z.string(), code: z.string().optional(), ...keptExchangeShape });
export const chatErrorBodySchema = errorBodySchema.extend(keptExchangeShape);
export type ChatErrorBody = z.infer<typeof chatErrorBodySchema>;

/** POST /api/chat/stop: stops the user's replies in flight; each keeps what arrived, as stopped. */
export const chatStopResponseSchema = z.object({
  stopped: z.number().int().min(0),
  /** The conversation of the last reply stopped, to reload it; null when none was in flight. */
  conversationId: z.string().nullable(),
});
export type ChatStopResponse = z.infer<typeof chatStopResponseSchema>;
/** Where a long task stands (a document read in parts, issue 39): shown until the reply's text comes. */
export const chatProgressEventSchema = z.object({ text: z.string() });
export type ChatStreamEvent =
  | { event: 'delta'; data: z.infer<typeof chatDeltaEventSchema> }
  | { event: 'progress'; data: z.infer<typeof chatProgressEventSchema> }
  | { event: 'done'; data: ChatReply }
  | { event: 'error'; data: z.infer<typeof chatErrorEventSchema> }
  /** A tool call that waits for the user's Allow or Deny (issue 40). */
  | { event: 'tool_approval'; data: ToolApprovalEvent }
  /** A tool call once it ran, or was denied (issue 40). */
  | { event: 'tool_call'; data: ToolCall };

export const feedbackValueSchema = z.enum(['positive', 'negative'], { error: 'Feedback must be positive or negative' });
export type FeedbackValue = z.infer<typeof feedbackValueSchema>;

export const chatFeedbackBodySchema = z.object({
  messageId: z.uuid({ error: 'messageId must be a message id' }),
  feedback: feedbackValueSchema,
});
export type ChatFeedbackBody = z.infer<typeof chatFeedbackBodySchema>;
export const chatFeedbackResponseSchema = z.object({ messageId: z.string(), feedback: feedbackValueSchema });

/** GET /api/personas: each persona with the model it uses now, or "Offline". */
export const OFFLINE_MODEL_LABEL = 'Offline';
export const personaWithModelSchema = z.object({
  id: personaIdSchema,
  name: z.string(),
  emoji: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  traits: z.array(z.string()),
  specialties: z.array(z.string()),
  modelLabel: z.string(),
  gradient: z.string(),
  accentColor: z.string(),
  samplePrompts: z.array(z.string()),
  sampleResponse: z.string(),
  greetingPhrases: z.array(z.string()),
  thinkingPhrases: z.array(z.string()),
  themeAccent: z.string(),
  /** The model actually answering now, e.g. "ollama:llama3.2", or "Offline". */
  model: z.string(),
  /** The same for people, for "Powered by …": "Llama3.2 (Ollama)", the operator's GENIE_MODEL_LABEL_<PERSONA>, or "Offline". */
  modelName: z.string(),
  offline: z.boolean(),
});
export type PersonaWithModel = Persona & { model: string; modelName: string; offline: boolean };
export const personasResponseSchema = z.object({ personas: z.array(personaWithModelSchema) });
export type PersonasResponse = z.infer<typeof personasResponseSchema>;
