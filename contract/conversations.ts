import { z } from 'zod';
import { queryCount } from './query-count';
import { personaIdSchema } from './personas';
import { citationSchema } from './search';
import { toolCallSchema } from './mcp-tools';
import { chatModeSchema, chatRoleSchema, feedbackValueSchema, messageStatusSchema } from './chat';

/**
 * The conversation endpoints (SPEC §3 Chat message, §7 Chat; issue 42): stored messages, the list
 * and its search, rename and pin, branches and forks, one conversation, its export and the shared
 * read-only view. POST /api/chat itself is contract/chat.ts.
 */

/** SPEC §3 Chat message, as stored. */
export const storedMessageSchema = z.object({
  id: z.string(),
  role: chatRoleSchema,
  content: z.string(),
  timestamp: z.string(),
  attachments: z.array(z.object({ url: z.string(), name: z.string(), type: z.string(), size: z.number() })).optional(),
  image: z.string().optional(),
  /** Assistant messages only. */
  responseTime: z.number().optional(),
  feedback: feedbackValueSchema.optional(),
  model: z.string().optional(),
  /**
   * How the message ended. An assistant reply: complete, stopped, cut_off or failed. A user
   * message: complete, or failed when its reply failed before any text (it is shown with Retry and
   * costs no allowance).
   */
  status: messageStatusSchema,
  /**
   * This message among its siblings (regenerated replies, edited versions): index from 1, and the
   * siblings' ids in order, for POST /api/conversations/:id/branch.
   */
  variants: z.object({ index: z.number().int().min(1), count: z.number().int().min(1), ids: z.array(z.string()) }),
  /** The passages an assistant reply cites as [n]. */
  citations: z.array(citationSchema).optional(),
  /** The MCP tool calls an assistant reply made (issue 40). */
  toolCalls: z.array(toolCallSchema).optional(),
  /** Assistant replies: the persona that wrote it (absent for replies stored before it was kept). */
  persona: personaIdSchema.optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  persona: personaIdSchema,
  mode: chatModeSchema,
  pinned: z.boolean(),
  messageCount: z.number().int(),
  /** The project it is in (issue 42), or null. */
  projectId: z.string().nullable(),
  /** Shared read-only with the owner's team: when, and by whom (the owner's username); null when not. */
  shared: z.object({ at: z.string(), by: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Search results only: where the search matched, cut into plain text and highlighted parts. */
  snippet: z.array(z.object({ text: z.string(), highlight: z.boolean() })).optional(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const CONVERSATIONS_PAGE_DEFAULT = 20;
export const CONVERSATIONS_PAGE_MAX = 100;

/** GET /api/conversations?limit=&cursor= : newest first; pass nextCursor back for the next page. */
export const conversationListQuerySchema = z.object({
  limit: queryCount('limit', CONVERSATIONS_PAGE_MAX).default(CONVERSATIONS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
  /** Matches titles and message content (full text); pinned first is not applied to results. */
  search: z.string().trim().max(200, 'Search at most 200 characters').optional(),
});

export const CONVERSATION_TITLE_MAX_CHARS = 120;
/** PATCH /api/conversations/:id: rename and pin. */
export const conversationPatchSchema = z
  .object({
    title: z
      .string({ error: 'Title must be text' })
      .trim()
      .min(1, 'A title cannot be empty')
      .max(CONVERSATION_TITLE_MAX_CHARS, `A title may be at most ${CONVERSATION_TITLE_MAX_CHARS} characters`)
      .optional(),
    pinned: z.boolean({ error: 'pinned must be true or false' }).optional(),
    /** Move it into a project the caller can see, or out of any (null). */
    projectId: z.uuid({ error: 'projectId must be a project id' }).nullable().optional(),
  })
  .refine((body) => body.title !== undefined || body.pinned !== undefined || body.projectId !== undefined, {
    message: 'Send a title, pinned or projectId',
    path: ['title'],
  });
export type ConversationPatch = z.infer<typeof conversationPatchSchema>;

/** POST /api/conversations/:id/branch: show the branch through this message (a variant flip). */
export const conversationBranchBodySchema = z.object({ messageId: z.uuid({ error: 'messageId must be a message id' }) });
/**
 * POST /api/conversations/:id/fork (issue 42, "Branch into a new chat"): a new conversation of the
 * caller's holding the branch up to and including `messageId`, attachments and citations kept;
 * answers 201 with the new conversation. The original is not changed.
 */
export const conversationForkBodySchema = conversationBranchBodySchema;
export const conversationListResponseSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

export const conversationIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a conversation id' }) });

/** The most messages GET /api/conversations/:id?last= answers with. */
export const CONVERSATION_PAGE_MAX = 200;

/** GET /api/conversations/:id?last=N: only the active branch's newest N messages. */
export const conversationDetailQuerySchema = z.object({
  last: queryCount('last', CONVERSATION_PAGE_MAX).optional(),
});

export const conversationDetailSchema = z.object({
  conversation: conversationSummarySchema,
  messages: z.array(storedMessageSchema),
  /** With ?last=: how many messages of the branch come before the first one answered. */
  earlier: z.number().int().min(0).optional(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET /api/conversations/:id/export?format=md|json (a download). */
export const conversationExportQuerySchema = z.object({
  format: z.enum(['md', 'json'], { error: 'format must be md or json' }).default('md'),
});

/**
 * A conversation a teammate shared (issue 42), read-only: GET /api/shared-conversations/:id.
 * `owner` is who shared it.
 */
export const sharedConversationSchema = z.object({
  conversation: conversationSummarySchema,
  owner: z.string(),
  messages: z.array(storedMessageSchema),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;
