import { configuredContextTokens, modelLabel, VISION_PROVIDERS, type ModelChoice } from '../../adapters/llm/catalogue';
import { BYTES_PER_TOKEN, estimateTokens, fitPrompt } from '../../adapters/llm/context-budget';
import type { StreamEnd, ToolRound } from '../../adapters/llm/model-call';
import { streamModel } from '../../adapters/llm/model-stream';
import { ProviderError } from '../../adapters/llm/provider-error';
import { languageModelFor } from '../../adapters/llm/providers';
import { lookupWord, wordAskedAbout } from '../../adapters/llm/wordnet';
import { AppError } from '../../lib/app-error';
import { fitToWindow, roomForMaterial } from './chat-window';
import { modelToolsOf, runToolRound } from './chat-tools';
import type { ReplyDraft } from './reply-draft';
import { systemFor, type ReplyDeps, type ReplyRequest } from './reply-request';

/**
 * A reply from one model call (with its tool rounds): the prompt fitted to the model's context
 * (oldest history first), asking for at most what is left of it; a provider that refuses the
 * prompt as too long and reports its real size is asked once more within that size.
 */
export async function replyFromModel(deps: ReplyDeps, request: ReplyRequest, choice: ModelChoice, draft: ReplyDraft, signal: AbortSignal, allowed?: Promise<unknown>) {
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
    const model = await languageModelFor(config, choice);
    const ask = () =>
      streamModel({
        model,
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
