import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { attachmentsOnlyMessage, type ParsedChatRequest } from '@contract/chat';
import { getPersona } from '@contract/personas';
import { modelLabel, VISION_PROVIDERS } from '../../adapters/llm/catalogue';
import { OFFLINE_MODEL } from '../../adapters/llm/offline-engine';
import { notFound } from '../../lib/app-error';
import type { ProjectContext } from '../projects/projects.service';
import { resolveAttachments, type ResolvedAttachment } from './chat-attachments';
import { gatherKnowledge } from './chat-knowledge';
import { titleFromFirstMessage } from './chat-title';
import { chatExchangeRepository as exchanges, type ExchangeStart } from './chat-exchange.repository';
import { chatLimitsFor, limitRefusal, type ChatSender } from './chat-limits';
import { roomForWhatItCarries } from './reply-from-model';
import type { ReplyRequest } from './reply-request';
import { chatRepository as repo } from './chat.repository';
import type { ChatContext } from './chat-service-deps';
import { branchPointOf, type BranchPoint } from './exchange-history';

/**
 * What the model is asked after the reply it cut off (issue 42): sent as the last turn, never
 * stored or shown; what it writes is added to that reply.
 */
export const CONTINUE_PROMPT = 'Continue exactly where your previous reply stopped, without repeating anything you already wrote.';

/** An exchange once started: the user's message is stored and counts toward their limits. */
export interface StartedExchange extends ReplyRequest {
  /** performance.now() when the request began, for the response time. */
  started: number;
  now: Date;
  body: ParsedChatRequest;
  conversation: { id: string; existing: boolean; title: string; persona: string; mode: string };
  /** The label stored with the reply: `<provider>:<model id>`, or the offline engine's. */
  model: string;
  userMessageId: string;
  /** True when this exchange stored the user message (a send or an edit); false for regenerate/retry. */
  storedUserMessage: boolean;
  /** Regenerate of a message that already has a reply: the new reply is counted (see the repository). */
  regenerated: boolean;
  /** Continue (issue 42): the cut-off reply that grows by this exchange's text, as stored before it. */
  continued: BranchPoint['continued'];
  /** A new conversation's keyword title, to be replaced by the model's when one answers. */
  firstMessage: boolean;
}

/**
 * Step 1 of an exchange. Everything that can refuse the request (limits, legal mode, attachments,
 * the conversation) throws an AppError here; when it returns, the user's message is stored (and a
 * new conversation with it), so it counts toward the limits while the reply runs.
 */
export async function startExchange(ctx: ChatContext, sender: ChatSender, body: ParsedChatRequest, conversationId: string): Promise<StartedExchange> {
  const { deps, catalogue, allowances } = ctx;
  const { db, config } = deps;
  const userId = sender.id;
  const started = performance.now();
  const now = deps.clock.now();
  const persona = getPersona(body.character);
  // The team's policy and monthly budgets (issue 43): the one check, for the browser, /v1 and /mcp alike.
  await deps.teamControls?.checkChat(userId, { viaApiKey: sender.keyId !== undefined, persona: persona.id, mode: body.mode, generateImage: body.generateImage === true });
  const limits = chatLimitsFor(config, sender, body.mode, now);
  const existing = body.conversationId !== undefined;
  const conversation = { id: conversationId, existing, title: '', persona: persona.id, mode: body.mode };
  const project = await projectOf(ctx, userId, body);
  const refuseUnlessAllowed = (start: ExchangeStart) => {
    const refusal = limitRefusal(limits, start, now);
    if (refusal) {
      allowances.forget(userId);
      throw refusal;
    }
    if (!start.conversationFound) throw notFound('That conversation');
  };

  // The stored tree, when the history (or the message answered) comes from the server: an edit,
  // a regenerate, or a client that sent no history. Another user's conversation is 404.
  const needsTree = existing && (body.regenerate || body.editOf !== undefined || body.continueOf !== undefined || body.messages.length === 0);
  const tree = needsTree ? await repo.conversationTree(db, userId, conversation.id) : null;
  if (needsTree && !tree) throw notFound('That conversation');
  const { history, parent, answered, regenerated, continued } = branchPointOf(body, tree);

  const requested = answered ? (answered.attachments ?? []) : (body.attachments ?? []);
  const choice = catalogue[persona.id];
  // A typed message that alone does not fit the model is refused (413) before its files are read or
  // the library searched; what it carries is fitted to the window later, never refused.
  const typedText = (answered ? answered.content : body.message).trim() || attachmentsOnlyMessage(requested.length);
  const roomTokens =
    body.knowledge || requested.length > 0
      ? roomForWhatItCarries({ config, reportedContext: ctx.reportedContext }, { persona, mode: body.mode, choice, instructions: project?.instructions }, typedText)
      : Infinity;
  let attachments: ResolvedAttachment[] = [];
  if (requested.length > 0 || answered || continued) {
    // Checked before the files are read, so the refusals come in the same order as without them.
    refuseUnlessAllowed(await exchanges.startExchange(db, { userId, now, limits, conversation, message: null, historyLimit: 0 }));
    // A model that sees images gets them as they are; for any other (and the offline engine) a picture of a page is read by OCR.
    const sees = catalogue[persona.id] ? VISION_PROVIDERS.includes(catalogue[persona.id]!.provider) : false;
    if (requested.length > 0) attachments = await resolveAttachments(deps.files, deps.extraction, userId, requested, !sees);
  }
  const typed = continued ? CONTINUE_PROMPT : answered ? answered.content : body.message;
  const text = continued ? CONTINUE_PROMPT : answered ? answered.content : body.message.trim() || attachmentsOnlyMessage(attachments.length);
  conversation.title = titleFromFirstMessage(body.message, attachments.map((a) => a.stored.name));

  let userMessageId: string;
  if (continued) {
    // The question the cut-off reply answers; nothing new is stored for it.
    userMessageId = continued.questionId;
  } else if (answered) {
    userMessageId = answered.id;
    // Retry of a message whose reply failed: it counts again, as when it was first sent.
    if (answered.status === 'failed') await repo.setUserMessageStatus(db, userMessageId, 'complete');
  } else {
    userMessageId = randomUUID();
    const start = await exchanges.startExchange(db, {
      userId,
      now,
      limits,
      conversation,
      message: { id: userMessageId, content: text, attachments: attachments.length > 0 ? attachments.map((a) => a.stored) : null, parent },
      historyLimit: 0,
    });
    refuseUnlessAllowed(start);
    allowances.remember(userId, limits, start);
    if (!existing && project) await deps.projects!.place(userId, conversation.id, project.id);
  }
  // "Search my files" and long attachments: passages of files this user may read (issue 16).
  // Without a model nothing is fitted: only a cut-off attachment is read by its passages, from the index.
  const gatherDeps = { source: deps.knowledge, passagesOf: choice ? ctx.passagesOf : undefined };
  const knowledge = await gatherKnowledge(gatherDeps, userId, withProjectScope(body, project), body.message.trim() || text, attachments, roomTokens);
  return {
    userId,
    started,
    now,
    body,
    conversation,
    persona,
    mode: body.mode,
    message: typed,
    text,
    attachments,
    choice,
    model: choice ? modelLabel(choice) : OFFLINE_MODEL,
    history,
    userMessageId,
    storedUserMessage: !answered && !continued,
    regenerated,
    continued,
    firstMessage: !existing,
    knowledge,
    instructions: project?.instructions ?? '',
  };
}

/**
 * The project a chat runs in (issue 42): an existing conversation's own (when the user can still
 * see it), or the one a new chat is started in (404 when the user cannot see it).
 */
async function projectOf({ deps }: ChatContext, userId: string, body: ParsedChatRequest): Promise<ProjectContext | null> {
  if (!deps.projects) return null;
  if (body.conversationId !== undefined) {
    const projectId = await deps.projects.projectIdOf(userId, body.conversationId);
    return projectId ? deps.projects.forChat(userId, projectId) : null;
  }
  if (!body.projectId) return null;
  const project = await deps.projects.forChat(userId, body.projectId);
  if (!project) throw notFound('That project');
  return project;
}

/**
 * "Search my files" inside a project searches its pinned files and folders, unless the message
 * names files or folders of its own (issue 42). Every search still keeps to what the user may read.
 */
function withProjectScope(body: ParsedChatRequest, project: ProjectContext | null): ParsedChatRequest {
  const k = body.knowledge;
  if (!k || !project || (project.fileIds.length === 0 && project.folderIds.length === 0)) return body;
  if ((k.fileIds?.length ?? 0) > 0 || (k.folderIds?.length ?? 0) > 0) return body;
  return { ...body, knowledge: { scope: 'all', fileIds: project.fileIds, folderIds: project.folderIds } };
}
