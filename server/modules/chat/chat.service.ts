import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  attachmentsOnlyMessage,
  CHAT_HISTORY_TO_MODEL,
  OFFLINE_MODEL_LABEL,
  type Attachment,
  type ChatReply,
  type MessageStatus,
  type ParsedChatRequest,
  type PersonaWithModel,
} from '@contract/chat';
import { getPersona, PERSONAS } from '@contract/personas';
import { buildCatalogue, modelLabel, TOOL_PROVIDERS, VISION_PROVIDERS, type ModelCatalogue } from '../../adapters/llm/catalogue';
import { ReportedContextSizes } from '../../adapters/llm/context-budget';
import type { ChatTurn } from '../../adapters/llm/model-call';
import { ProviderError } from '../../adapters/llm/provider-error';
import { OFFLINE_MODEL } from '../../adapters/llm/offline-engine';
import type { AttachmentReader } from '../../adapters/llm/attachment-text';
import { readableModelName } from '../../adapters/llm/model-names';
import { createModelsHealth } from '../../adapters/llm/provider-health';
import type { Config } from '../../config';
import { personaSetting } from '../../persona-settings';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FilesForChat } from '../files/file-records.service';
import type { ProjectContext } from '../projects/projects.service';
import { branchTo } from '../conversations/message-tree';
import { resolveAttachments, type ResolvedAttachment } from './chat-attachments';
import { titleFromFirstMessage } from './chat-title';
import { continuationPiece } from '@contract/continuation';
import { modelTitle } from './chat-title-model';
import { InFlightReplies } from './in-flight-replies';
import { AllowanceMemo } from './allowance-memo';
import { citationsOf, gatherKnowledge, type KnowledgeSource } from './chat-knowledge';
import { attachmentPassageReader } from './attachment-passages';
import { generateImageFor } from './chat-images';
import { chatExchangeRepository as exchanges, type ExchangeStart, type UsageInsert } from './chat-exchange.repository';
import { chatLimitsFor, limitRefusal, type ChatSender } from './chat-limits';
import { ReplyDraft, roomForWhatItCarries, streamReply, type ReplyRequest, type ReplySink, type StreamedReply } from './chat-reply';
import { chatRepository as repo } from './chat.repository';
import { estimateTokens } from '../../adapters/llm/context-budget';
import type { PolicyAsk } from '../team-controls/team-policy-rules';
import type { UsageRecord } from '../team-controls/team-controls.service';
import type { ToolsForChat } from '../mcp-tools/mcp-tools.service';
import type { ToolUse } from './chat-tools';

export interface ChatServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** The user's files: attachments are read and generated images kept through the files module. */
  files: FilesForChat;
  /** Reads attached files' text (the extraction pool). */
  extraction: AttachmentReader;
  /** Passages of the user's files, for "Search my files" and long attachments (the search module). */
  knowledge?: KnowledgeSource;
  /** The team's policy and budgets (issue 43), checked where each exchange starts; usage is recorded through it. */
  teamControls?: TeamControlsForChat;
  /** Projects (issue 42): a chat inside one gets its instructions and searches its pinned files. */
  projects?: ProjectsForChat;
  /** MCP tools (issue 40): offered to models that can call tools, when the team's policy allows. */
  tools?: ToolsForChat;
}

/** What the chat needs of the team-controls module. */
export interface TeamControlsForChat {
  checkChat(userId: string, ask: PolicyAsk): Promise<void>;
  /**
   * The usage row's insert, which the exchange's finish statement embeds (one statement, no write
   * after the reply); null: calls are not counted (only issue 43's bench's baseline).
   */
  readonly usageInsert: UsageInsert | null;
  /** Told of each call counted, once stored: the owner's budget mails, in the background. */
  usageRecorded(record: UsageRecord, at: Date): void;
  /** The team's policy allows MCP tools (issue 40). */
  toolsAllowed(userId: string): Promise<boolean>;
}

/** What a chat asks of the projects and conversations modules (wired in app.ts). */
export interface ProjectsForChat {
  /** The project, when the user can see it; null otherwise. */
  forChat(userId: string, projectId: string): Promise<ProjectContext | null>;
  /** The project an existing conversation of the user's is in (null: none; undefined: not theirs). */
  projectIdOf(userId: string, conversationId: string): Promise<string | null | undefined>;
  /** Puts a conversation just created into its project. */
  place(userId: string, conversationId: string, projectId: string): Promise<void>;
}

/** Where a failed exchange's user message was kept (shown with Retry); absent when it was not kept. */
export interface KeptExchange {
  conversationId: string;
  userMessageId: string;
}

/** Thrown after some text already reached the client: the route sends an SSE `error` event. */
export class MidStreamError extends Error {
  constructor(
    readonly appError: AppError,
    readonly kept: KeptExchange | null = null,
  ) {
    super(appError.message);
  }
}

/** A failure before any text, whose user message was kept: the route adds where it is to the JSON error. */
export class KeptExchangeError extends Error {
  constructor(
    readonly appError: AppError,
    readonly kept: KeptExchange,
  ) {
    super(appError.message);
  }
}

const HISTORY_FROM_STORE = 40;
/**
 * What the model is asked after the reply it cut off (issue 42): sent as the last turn, never
 * stored or shown; what it writes is added to that reply.
 */
export const CONTINUE_PROMPT = 'Continue exactly where your previous reply stopped, without repeating anything you already wrote.';
const turnsOf = (rows: { role: string; content: string }[]): ChatTurn[] => rows.map((m) => ({ role: m.role as ChatTurn['role'], content: m.content }));
/** The whole title call, however the provider trickles: a title is not worth holding a connection for. */
const TITLE_CALL_LIMIT_MS = 30_000;

/** An exchange once started: the user's message is stored and counts toward their limits. */
interface StartedExchange extends ReplyRequest {
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
  continued: { id: string; content: string; questionId: string } | null;
  /** A new conversation's keyword title, to be replaced by the model's when one answers. */
  firstMessage: boolean;
}

/** How an exchange ends, as stored: the reply (if any text or image), its status and the interaction. */
interface ExchangeEnd {
  success: boolean;
  status: MessageStatus;
  image: string | null;
  historyOmitted: number;
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, config, clock } = deps;
  const catalogue: ModelCatalogue = buildCatalogue(config);
  const reportedContext = new ReportedContextSizes();
  const inFlight = new InFlightReplies();
  const allowances = new AllowanceMemo();
  const passagesOf = attachmentPassageReader(deps.files, deps.extraction);

  /**
   * The reply request of a plain message (text only, to a model, no file search or image) from a
   * user this process knows to have room under their limits, with that room claimed; null for any
   * other. Such a chat asks the model while its start statement runs: the model's first token
   * then waits on the statement only when the statement is the slower of the two (issue 19:
   * twenty chats at once queued on their statements before any provider was asked). The history
   * is the client's, so nothing of the server's reaches the model before the statement allows it.
   */
  function earlyRequestOf(sender: ChatSender, body: ParsedChatRequest): { request: ReplyRequest; release: () => void } | null {
    const choice = catalogue[body.character];
    const plain =
      choice && !body.regenerate && body.editOf === undefined && !body.knowledge && !body.generateImage && !body.attachments?.length && body.message.trim() !== '';
    if (!plain || (body.conversationId !== undefined && body.messages.length === 0)) return null;
    // A chat in a project needs its instructions, read by the start: early only when the client
    // says there is no project (null), or for a new chat outside any (issue 42).
    if (body.projectId || (body.projectId === undefined && body.conversationId !== undefined && deps.projects)) return null;
    const limits = chatLimitsFor(config, sender, body.mode, clock.now());
    const release = limits.needsPromotion ? null : allowances.claim(sender.id, limits);
    if (!release) return null;
    const request: ReplyRequest = {
      userId: sender.id,
      persona: getPersona(body.character),
      mode: body.mode,
      message: body.message,
      text: body.message.trim(),
      attachments: [],
      choice,
      history: turnsOf(body.messages.slice(-CHAT_HISTORY_TO_MODEL)),
      knowledge: null,
    };
    return { request, release };
  }

  /**
   * The project a chat runs in (issue 42): an existing conversation's own (when the user can still
   * see it), or the one a new chat is started in (404 when the user cannot see it).
   */
  async function projectOf(userId: string, body: ParsedChatRequest): Promise<ProjectContext | null> {
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
   * Step 1. Everything that can refuse the request (limits, legal mode, attachments, the
   * conversation) throws an AppError here; when it returns, the user's message is stored (and a
   * new conversation with it), so it counts toward the limits while the reply runs.
   */
  async function startExchange(sender: ChatSender, body: ParsedChatRequest, conversationId: string): Promise<StartedExchange> {
    const userId = sender.id;
    const started = performance.now();
    const now = clock.now();
    const persona = getPersona(body.character);
    // The team's policy and monthly budgets (issue 43): the one check, for the browser, /v1 and /mcp alike.
    await deps.teamControls?.checkChat(userId, { viaApiKey: sender.keyId !== undefined, persona: persona.id, mode: body.mode, generateImage: body.generateImage === true });
    const limits = chatLimitsFor(config, sender, body.mode, now);
    const existing = body.conversationId !== undefined;
    const conversation = { id: conversationId, existing, title: '', persona: persona.id, mode: body.mode };
    const project = await projectOf(userId, body);
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

    let history: ChatTurn[];
    let parent: 'active' | { id: string | null } = 'active';
    let answered: { id: string; content: string; attachments: Attachment[] | null; status: string } | null = null;
    let regenerated = false;
    let continued: StartedExchange['continued'] = null;
    if (body.continueOf !== undefined && tree) {
      const reply = tree.rows.find((m) => m.id === body.continueOf && m.role === 'assistant');
      if (!reply) throw notFound('That message');
      if (reply.status !== 'cut_off') throw new AppError('invalid_input', 'Only a reply that was cut off can be continued.', 'continueOf');
      continued = { id: reply.id, content: reply.content, questionId: reply.parentId ?? '' };
      // The model reads the conversation up to and with its own cut-off reply, then CONTINUE_PROMPT.
      history = turnsOf(branchTo(tree.rows, reply.id).slice(-HISTORY_FROM_STORE));
    } else if (body.regenerate && tree) {
      const branch = branchTo(tree.rows, tree.activeLeafId);
      const at = branch.findLastIndex((m) => m.role === 'user');
      if (at === -1) throw new AppError('invalid_input', 'This conversation has no message to answer again.', 'regenerate');
      const target = branch[at]!;
      answered = { id: target.id, content: target.content, attachments: target.attachments, status: target.status };
      regenerated = tree.rows.some((m) => m.parentId === target.id && m.role === 'assistant');
      history = turnsOf(branch.slice(Math.max(0, at - HISTORY_FROM_STORE), at));
    } else if (body.editOf !== undefined && tree) {
      const edited = tree.rows.find((m) => m.id === body.editOf && m.role === 'user');
      if (!edited) throw notFound('That message');
      parent = { id: edited.parentId };
      history = turnsOf(edited.parentId ? branchTo(tree.rows, edited.parentId).slice(-HISTORY_FROM_STORE) : []);
    } else if (tree) {
      history = turnsOf(branchTo(tree.rows, tree.activeLeafId).slice(-HISTORY_FROM_STORE));
    } else {
      history = turnsOf(body.messages.slice(-CHAT_HISTORY_TO_MODEL));
    }

    const requested = answered ? (answered.attachments ?? []) : (body.attachments ?? []);
    const choice = catalogue[persona.id];
    // A typed message that alone does not fit the model is refused (413) before its files are read or
    // the library searched; what it carries is fitted to the window later, never refused.
    const typedText = (answered ? answered.content : body.message).trim() || attachmentsOnlyMessage(requested.length);
    const roomTokens = body.knowledge || requested.length > 0 ? roomForWhatItCarries({ config, reportedContext }, { persona, mode: body.mode, choice, instructions: project?.instructions }, typedText) : Infinity;
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
    const gatherDeps = { source: deps.knowledge, passagesOf: choice ? passagesOf : undefined };
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

  /** The reply as the client gets it, and the one statement that stores the exchange's end. */
  function endOf(exchange: StartedExchange, draft: ReplyDraft, end: ExchangeEnd & { passages?: StreamedReply['passages'] }) {
    const { userId, conversation, body } = exchange;
    const responseTimeMs = Math.round(performance.now() - exchange.started);
    const finishedAt = clock.now();
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
      await exchanges.finishExchange(db, {
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

  /**
   * Step 3, when the reply came: it is stored (committed) before a streaming client is sent `done`,
   * so a `done` that arrived is a reply that survives a crash (issue 47: three of 238 acknowledged
   * replies were lost to SIGKILLs when `done` went first). The team's usage count is in the same
   * statement, so nothing of the exchange is written after `done`.
   */
  async function storeReply(exchange: StartedExchange, draft: ReplyDraft, streamed: StreamedReply, sink: ReplySink): Promise<ChatReply> {
    const { reply, finish } = endOf(exchange, draft, { success: true, ...streamed });
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
  async function rollBack(exchange: StartedExchange, draft: ReplyDraft, error: unknown): Promise<unknown> {
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
      await endOf(exchange, draft, { success: false, status: stoppedByUser ? 'stopped' : 'failed', image: null, historyOmitted: 0 }).finish();
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

  /**
   * After a new conversation's first reply has been stored (the user already has it): its model
   * writes the title, in the background. Without a model, with GENIE_MODEL_TITLES off, or when the
   * call fails, the keyword title stays.
   */
  const titleCalls = new Set<AbortController>();
  const titleCallsDone = new Set<Promise<void>>();
  function retitleInBackground(exchange: StartedExchange, reply: ChatReply) {
    const choice = exchange.choice;
    if (!exchange.firstMessage || !choice || !config.GENIE_MODEL_TITLES || reply.content.trim() === '') return;
    const { userId, conversation } = exchange;
    const stop = new AbortController();
    titleCalls.add(stop);
    const done = modelTitle(config, choice, { account: userId, message: exchange.text, reply: reply.content }, AbortSignal.any([stop.signal, AbortSignal.timeout(TITLE_CALL_LIMIT_MS)]))
      .then((title) => (title && title !== conversation.title && !stop.signal.aborted ? repo.replaceTitle(db, userId, conversation.id, conversation.title, title) : undefined))
      .catch(() => undefined) // the keyword title stays
      .finally(() => {
        titleCalls.delete(stop);
        titleCallsDone.delete(done);
      });
    titleCallsDone.add(done);
  }

  /**
   * The MCP tools a reply may call (issue 40): none offline, for a model Genie does not offer tools
   * to (TOOL_PROVIDERS), when no server has tools ready, or when the team's policy turns tools off.
   */
  async function toolUseFor(request: ReplyRequest, conversationId: string): Promise<ToolUse | null> {
    const tools = deps.tools;
    if (!tools || !request.choice || !TOOL_PROVIDERS.includes(request.choice.provider) || !tools.anyReady()) return null;
    // Both reads at once: each is a database round trip before the model is asked.
    const [offered, allowed] = await Promise.all([tools.offered(), deps.teamControls ? deps.teamControls.toolsAllowed(request.userId) : true]);
    if (offered.length === 0 || !allowed) return null;
    return { service: tools, offered, conversationId, maxRounds: config.MCP_MAX_TOOL_ROUNDS };
  }

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
      const early = earlyRequestOf(sender, body);
      // Named here, not by the start: a reply that runs before its start has answered is tracked by it.
      const conversationId: string = body.conversationId ?? randomUUID();
      const starting = startExchange(sender, body, conversationId);
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
          const toolUse = deps.tools ? await toolUseFor(request, conversationId) : null;
          streamed = await streamReply({ config, reportedContext }, toolUse ? { ...request, toolUse } : request, draft, signal, early ? starting : undefined);
        } catch (error) {
          // A refused early start throws its refusal here: the model's call was given up before any text.
          throw await rollBack(await starting, draft, error);
        }
        const exchange = await starting;
        const reply = await storeReply(exchange, draft, streamed, sink);
        retitleInBackground(exchange, reply);
        return reply;
      })();
      return inFlight.run(sender.id, conversationId, stop, run);
    },

    /** At shutdown: titles still being written are given up (the keyword titles stay). */
    async stopTitleCalls() {
      for (const call of titleCalls) call.abort();
      await Promise.all(titleCallsDone);
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

function featureEventsOf(body: ParsedChatRequest, attachments: ResolvedAttachment[]) {
  const events: { feature: string; action: string }[] = [{ feature: body.mode, action: 'message' }];
  if (attachments.length > 0) events.push({ feature: 'attachments', action: 'attach' });
  if (body.generateImage) events.push({ feature: 'image', action: 'generate' });
  return events;
}
