import type { ChatMode, ChatReply } from '@contract/chat';
import type { ToolApprovalEvent, ToolCall } from '@contract/mcp-tools';
import type { Persona } from '@contract/personas';
import { configuredContextTokens, modelLabel, VISION_PROVIDERS, type ModelChoice } from '../../adapters/llm/catalogue';
import { BYTES_PER_TOKEN, estimateTokens, fitPrompt, type ReportedContextSizes } from '../../adapters/llm/context-budget';
import type { ChatTurn, StreamEnd, StreamUsage, ToolRound } from '../../adapters/llm/model-call';
import { streamModel } from '../../adapters/llm/model-stream';
import { ProviderError } from '../../adapters/llm/provider-error';
import { offlineReply } from '../../adapters/llm/offline-engine';
import { LEGAL_DISCLAIMER, systemPrompt } from '../../adapters/llm/prompts';
import { languageModelFor } from '../../adapters/llm/providers';
import { lookupWord, wordAskedAbout } from '../../adapters/llm/wordnet';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { KnowledgePassage } from '../search/search.service';
import type { ResolvedAttachment } from './chat-attachments';
import { allPassages, offlineKnowledgeAnswer, type GatheredKnowledge } from './chat-knowledge';
import { fitToWindow, roomForMaterial } from './chat-window';
import { documentForTask, runDocumentTask } from './document-task';
import type { ImageOutcome } from './chat-images';
import { modelToolsOf, runToolRound, type ToolUse } from './chat-tools';

/**
 * The middle step of a chat exchange: the reply, from the offline engine or a model, streamed to
 * the sink as it comes. The prompt is fitted to the model's context (oldest history first) and
 * asks for at most what is left of it; a provider that refuses the prompt as too long and reports
 * its real size is asked once more within that size.
 */

/** Receives the reply as it is produced; the route writes each delta to the client at once. */
export interface ReplySink {
  delta(text: string): void;
  /**
   * A streaming client gets the finished reply here, once it is stored (the route sends `done`
   * and ends the response). Without it the reply is stored, then returned.
   */
  done?(reply: ChatReply): void;
  /**
   * A tool call waits for the user's Allow or Deny (issue 40). Only a sink that can ask (the
   * browser's stream) has it; without it a tool that needs approval does not run.
   */
  toolApproval?(event: ToolApprovalEvent): void;
  /** A tool call ran, or did not (issue 40). */
  toolCall?(call: ToolCall): void;
  /** Where a long task stands ("Reading part 2 of 7…"): a streaming client shows it until the text comes. */
  progress?(text: string): void;
}

/** What the reply is for: the start step's result. */
export interface ReplyRequest {
  /** Who the reply is for: a local model shares its queue between accounts by it. */
  userId: string;
  persona: Persona;
  mode: ChatMode;
  /** The user's message as typed (the offline engine and WordNet read it). */
  message: string;
  /** The message as stored: the typed text, or the attachments-only sentence. */
  text: string;
  attachments: ResolvedAttachment[];
  choice: ModelChoice | null;
  history: ChatTurn[];
  /** Passages from the user's files to answer from and cite ("Search my files", long attachments); null when none apply. */
  knowledge?: GatheredKnowledge | null;
  /** The instructions of the project the chat is in (issue 42), added to the persona's system prompt. */
  instructions?: string;
  /** The MCP tools the model may call (issue 40); null or absent when none are offered. */
  toolUse?: ToolUse | null;
}

/** The persona's system prompt, and the project's instructions after it when there are any. */
export function systemFor(request: Pick<ReplyRequest, 'persona' | 'mode' | 'instructions'>, wordnet?: Parameters<typeof systemPrompt>[2]): string {
  const base = systemPrompt(request.persona, request.mode, wordnet);
  const instructions = request.instructions?.trim();
  return instructions ? `${base}\n\nInstructions for this project, from the user's team:\n${instructions}` : base;
}

/** The reply so far. When the reply fails, the rollback reads how far it got. */
export class ReplyDraft {
  content = '';
  /** True once any text reached the client. */
  emitted = false;
  usage: StreamUsage = { tokensIn: 0, tokensOut: 0 };
  /** True once a model provider was asked (a refusal before that is ours alone). */
  providerAsked = false;
  /** The tool calls made so far (issue 40), kept with the reply. */
  toolCalls: ToolCall[] = [];

  constructor(
    readonly sink: ReplySink,
    /** The image being generated alongside the text, when one was asked for. */
    readonly image: Promise<ImageOutcome> | null,
  ) {}

  progress(text: string) {
    this.sink.progress?.(text);
  }

  emit(piece: string) {
    this.content += piece;
    this.emitted = true;
    this.sink.delta(piece);
  }

  /** Something other than text reached the client (a tool event): the stream has begun. */
  markShown() {
    this.emitted = true;
  }

  addToolCall(call: ToolCall) {
    this.toolCalls.push(call);
    this.emitted = this.emitted || Boolean(this.sink.toolCall);
  }
}

export interface StreamedReply {
  image: string | null;
  /** cut_off: the provider stopped at its length limit. */
  status: 'complete' | 'cut_off';
  /** Earlier messages left out to fit the model's context. */
  historyOmitted: number;
  /** The passages the reply was given, numbered as it cites them; null when none apply. */
  passages: KnowledgePassage[] | null;
}

export interface ReplyDeps {
  config: Config;
  reportedContext: ReportedContextSizes;
}

/**
 * `allowed`: given when the model is asked before the exchange's start statement has answered
 * (chat.service.ts, earlyRequestOf). No text is emitted until it resolves; when it rejects, the
 * model's call is abandoned and its rejection (the refusal) is thrown.
 */
export async function streamReply(
  deps: ReplyDeps,
  request: ReplyRequest,
  draft: ReplyDraft,
  signal: AbortSignal,
  allowed?: Promise<unknown>,
): Promise<StreamedReply> {
  const found = allPassages(request.knowledge);
  let fromModel: { cutOff: boolean; historyOmitted: number; passages: KnowledgePassage[] | null } = { cutOff: false, historyOmitted: 0, passages: found };
  if (!request.choice && found && request.mode !== 'dictionary') {
    draft.emit(offlineKnowledgeAnswer(request.message || request.text, found));
  } else if (!request.choice) {
    draft.emit(
      await offlineReply({ persona: request.persona, mode: request.mode, message: request.message, attachments: request.attachments.map((a) => a.extracted) }),
    );
  } else if (request.mode !== 'dictionary' && documentTaskOf(request)) {
    // Its many calls start only once the exchange's start is allowed (its refusal thrown).
    if (allowed) await allowed;
    fromModel = await replyByParts(deps, request, request.choice, documentTaskOf(request)!, draft, signal);
  } else {
    fromModel = await replyFromModel(deps, request, request.choice, draft, signal, allowed);
  }
  if (request.mode === 'law') draft.emit(`${draft.content ? '\n\n' : ''}${LEGAL_DISCLAIMER}`);
  const imageOutcome = draft.image ? await draft.image : null;
  if (imageOutcome && 'note' in imageOutcome) draft.emit(`${draft.content ? '\n\n' : ''}${imageOutcome.note}`);
  return {
    image: imageOutcome && 'image' in imageOutcome ? imageOutcome.image : null,
    status: fromModel.cutOff ? 'cut_off' : 'complete',
    historyOmitted: fromModel.historyOmitted,
    passages: fromModel.passages,
  };
}

/** The attachment a document-wide task must read in parts, with its passages (document-task.ts), or null. */
function documentTaskOf(request: ReplyRequest) {
  return documentForTask(request.message.trim() || request.text, request.attachments, request.knowledge?.documents);
}

/** A document-wide task over a document larger than the window: map over its parts, then reduce (document-task.ts). */
async function replyByParts(
  deps: ReplyDeps,
  request: ReplyRequest,
  choice: ModelChoice,
  task: NonNullable<ReturnType<typeof documentTaskOf>>,
  draft: ReplyDraft,
  signal: AbortSignal,
) {
  const { config, reportedContext } = deps;
  const contextTokens = reportedContext.sizeFor(modelLabel(choice), configuredContextTokens(config, request.persona.id, choice));
  const model = languageModelFor(config, choice);
  draft.providerAsked = true;
  const result = await runDocumentTask({
    contextTokens,
    system: systemFor(request),
    question: request.message.trim() || request.text,
    document: task.attachment,
    passages: task.passages,
    signal,
    call: ({ system, user, maxOutputTokens }) =>
      streamModel({ model, system, history: [], user: [{ type: 'text', text: user }], signal, idleTimeoutMs: config.MODEL_TIMEOUT_MS, maxOutputTokens, account: request.userId }),
    progress: (text) => draft.progress(text),
    emit: (text) => draft.emit(text),
  });
  draft.usage = { ...draft.usage, ...result.usage };
  draft.emit(`${draft.content ? '\n\n' : ''}_${result.note}_`);
  return { cutOff: result.cutOff, historyOmitted: request.history.length, passages: null };
}

async function replyFromModel(deps: ReplyDeps, request: ReplyRequest, choice: ModelChoice, draft: ReplyDraft, signal: AbortSignal, allowed?: Promise<unknown>) {
  const { config, reportedContext } = deps;
  const wordnet = request.mode === 'dictionary' && request.message.trim() ? await lookupWord(wordAskedAbout(request.message)) : null;
  const label = modelLabel(choice);
  const configured = configuredContextTokens(config, request.persona.id, choice);

  for (let attempt = 1; ; attempt++) {
    const contextTokens = reportedContext.sizeFor(label, configured);
    // What the message carries, fitted to this window (chat-window.ts); then the history to what is left.
    const fitInto = (room: number) => {
      const window = fitToWindow({
        contextTokens: room,
        system: systemFor(request, wordnet),
        history: request.history,
        question: request.message.trim() || request.text,
        text: request.text,
        attachments: request.attachments,
        knowledge: request.knowledge ?? null,
        vision: VISION_PROVIDERS.includes(choice.provider),
      });
      if (!window.fits) return { window, fitted: null, refusal: messageTooLong(window.messageTokens, window.availableTokens) };
      const fitted = fitPrompt({ contextTokens: room, system: window.system, history: request.history, user: window.user });
      return fitted.fits ? { window, fitted, refusal: null } : { window, fitted: null, refusal: messageTooLong(fitted.messageTokens, fitted.availableTokens) };
    };
    // The tools' definitions go with every request: they are fitted first, so the message, its
    // passages and the history share what they leave. Tools that would leave the message no room
    // are not offered (the model answers without them) rather than refusing the message.
    const offered = request.toolUse && request.toolUse.offered.length > 0 ? request.toolUse : null;
    const offeredTools = offered ? modelToolsOf(offered.offered) : undefined;
    const withTools = offeredTools ? fitInto(contextTokens - estimateTokens(JSON.stringify(offeredTools))) : null;
    const fit = withTools?.fitted ? withTools : fitInto(contextTokens);
    if (!fit.fitted) throw fit.refusal;
    const { window, fitted } = fit;
    const { system, user } = window;
    const toolUse = fit === withTools ? offered : null;
    const tools = toolUse ? offeredTools : undefined;
    // Aborts the provider's call when the start statement refuses what was already sent.
    const refused = allowed ? new AbortController() : null;
    const rounds: ToolRound[] = [];
    let roundText = '';
    // Each round's calls and results take room the fitting could not know of: the reply's share gives it.
    const roomAfterTools = () => (tools ? Math.max(256, fitted.maxOutputTokens - estimateTokens(JSON.stringify(rounds))) : fitted.maxOutputTokens);
    const ask = () =>
      streamModel({
        model: languageModelFor(config, choice),
        system,
        history: fitted.history,
        user,
        signal: refused ? AbortSignal.any([signal, refused.signal]) : signal,
        idleTimeoutMs: config.MODEL_TIMEOUT_MS,
        maxOutputTokens: roomAfterTools(),
        account: request.userId,
        ...(tools ? { tools, toolRounds: rounds } : {}),
      });
    try {
      draft.providerAsked = true;
      let stream = ask();
      // The provider is asked now; its first token waits here for the start to be allowed.
      let first: Promise<IteratorResult<string, StreamEnd>> | null = stream.next();
      if (allowed) {
        first.catch(() => undefined);
        await allowed.catch(async (refusal: unknown) => {
          refused!.abort();
          await first!.catch(() => undefined);
          throw refusal;
        });
        allowed = undefined; // a second attempt (a smaller context) has nothing to wait for
      }
      for (;;) {
        const next = await (first ?? stream.next());
        first = null;
        if (next.done) {
          draft.usage = { tokensIn: draft.usage.tokensIn + next.value.tokensIn, tokensOut: draft.usage.tokensOut + next.value.tokensOut };
          const calls = next.value.toolCalls;
          if (calls && toolUse && rounds.length < toolUse.maxRounds) {
            rounds.push(await runToolRound(toolUse, { userId: request.userId, sink: draft.sink, draft, signal }, roundText, calls));
            roundText = '';
            stream = ask();
            continue;
          }
          if (calls && toolUse) draft.emit(`${draft.content ? '\n\n' : ''}_The model asked for more tool calls than one reply may make (${toolUse.maxRounds} rounds)._`);
          if (window.notes.length > 0) draft.emit(`${draft.content ? '\n\n' : ''}_${window.notes.join(' ')}_`);
          return { cutOff: next.value.cutOff, historyOmitted: fitted.omitted, passages: window.passages };
        }
        draft.emit(next.value);
        roundText += next.value;
      }
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'context_exceeded' || draft.emitted) throw error;
      const reported = error.contextTokens;
      if (attempt === 1 && reported !== undefined && reported < contextTokens) {
        reportedContext.remember(label, reported);
        continue;
      }
      throw new AppError('too_large', CONVERSATION_TOO_LONG, 'message');
    }
  }
}

/**
 * Checked before a message is stored or its files read: 413 when the typed message alone does not
 * fit the model's window; else the tokens left for its attachments and passages (Infinity offline).
 */
export function roomForWhatItCarries(deps: ReplyDeps, request: Pick<ReplyRequest, 'persona' | 'mode' | 'choice' | 'instructions'>, text: string): number {
  const { choice } = request;
  if (!choice) return Infinity;
  const contextTokens = deps.reportedContext.sizeFor(modelLabel(choice), configuredContextTokens(deps.config, request.persona.id, choice));
  const room = roomForMaterial(contextTokens, systemFor(request), text);
  if (!room.fits) throw messageTooLong(room.messageTokens, room.availableTokens);
  return room.roomTokens;
}

const CONVERSATION_TOO_LONG =
  'This message and the conversation before it are too long for the model to read at once. Start a new conversation, or shorten the message or its attachments.';

const characters = (tokens: number) => (tokens * BYTES_PER_TOKEN).toLocaleString('en-US');

/** 413, said plainly: how long the message is and how much the model can take, in characters. */
function messageTooLong(messageTokens: number, availableTokens: number): AppError {
  return new AppError(
    'too_large',
    `This message is too long for the model to read: with its attachments it is about ${characters(messageTokens)} characters, and the model can take about ${characters(availableTokens)}. Shorten it, or attach fewer or smaller files.`,
    'message',
  );
}
