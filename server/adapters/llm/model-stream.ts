import type { LanguageModel } from 'ai';
import { ChatCompletionsModel, streamChatCompletions } from './chat-completions';
import type { ChatTurn, ModelCall, StreamEnd, UserPart } from './model-call';
import { ProviderError, toProviderError } from './provider-error';
import { sdkToolsOf, ToolCallCollector, toolRoundMessages } from './sdk-tools';

/**
 * One streamed call to a model provider, as an async generator of text deltas. It is cut off when
 * the provider sends nothing for `idleTimeoutMs` (before the first token or between tokens), and
 * aborted with the caller's signal (a client that went away). Failures become ProviderError.
 *
 * A chat-completions server (llama.cpp, Ollama, vLLM, Venice, ...) is read by Genie's own stream
 * (chat-completions.ts, which says why). Every other provider is the SDK's model, called through
 * its own `doStream` (the LanguageModelV3 interface) rather than `streamText`: Genie uses no
 * steps, retries or telemetry, runs MCP tools itself (sdk-tools.ts), and streamText's layers of
 * web streams and prompt validation cost about 3 ms of CPU per 20-token reply on top of the
 * provider's ~1.3 ms (bench #1 at 200 concurrent streams).
 */

/** Genie's own provider options: the account a call is for (ModelCall.account). */
export const GENIE_OPTIONS = 'genie';

/** The provider-level model: what `languageModelFor` builds. */
export type ProviderModel = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type ModelPrompt = Parameters<ProviderModel['doStream']>[0]['prompt'];
type StreamPart = Awaited<ReturnType<ProviderModel['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

function promptOf(system: string, history: ChatTurn[], user: UserPart[], toolRounds: ModelCall['toolRounds']): ModelPrompt {
  return [
    { role: 'system', content: system },
    ...history.map((turn) => ({ role: turn.role, content: [{ type: 'text' as const, text: turn.content }] })),
    {
      role: 'user',
      content: user.map((part) =>
        part.type === 'text' ? part : { type: 'file' as const, data: part.data, mediaType: part.mediaType },
      ),
    },
    ...toolRoundMessages(toolRounds ?? []),
  ];
}

/** A model Genie can stream from: an ai SDK provider model, or a chat-completions server it reads itself. */
export type ChatModel = ProviderModel | ChatCompletionsModel;

export async function* streamModel(options: {
  model: ChatModel;
  system: string;
  history: ChatTurn[];
  user: UserPart[];
  signal: AbortSignal;
  idleTimeoutMs: number;
  /** Sent as the provider's max_tokens: what is left of the model's context after the prompt. */
  maxOutputTokens?: number;
  /** The user the reply is for (see ModelCall.account). */
  account?: string;
  /** MCP tools (issue 40): offered to catalogue.ts's TOOL_PROVIDERS, on either path below. */
  tools?: ModelCall['tools'];
  toolRounds?: ModelCall['toolRounds'];
}): AsyncGenerator<string, StreamEnd> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.idleTimeoutMs);
  };
  const onCallerAbort = () => controller.abort();
  if (options.signal.aborted) controller.abort();
  options.signal.addEventListener('abort', onCallerAbort, { once: true });
  arm();
  const source =
    options.model instanceof ChatCompletionsModel
      ? streamChatCompletions(options.model, { ...options, signal: controller.signal, onActivity: arm })
      : streamSdkModel(options.model, { ...options, signal: controller.signal, onActivity: arm });
  let finished = false;
  try {
    let next = await source.next();
    for (; !next.done; next = await source.next()) yield next.value;
    finished = true;
    if (timedOut) throw new ProviderError('timeout', timeoutMessage(options.idleTimeoutMs));
    return next.value;
  } catch (error) {
    if (timedOut) throw new ProviderError('timeout', timeoutMessage(options.idleTimeoutMs));
    if (options.signal.aborted) throw new ProviderError('aborted', 'The request was cancelled.');
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onCallerAbort);
    // A stream read to its end holds nothing to release; aborting it would only build a
    // DOMException with its stack for every reply (issue 19's profile).
    if (!finished) {
      controller.abort();
      void source.return(undefined as never).catch(() => undefined);
    }
  }
}

/**
 * An ai SDK model's `doStream`, read as text deltas, returning the tool calls it made (with no
 * `execute`, the SDK runs none; sdk-tools.ts); its failures become ProviderError.
 */
async function* streamSdkModel(model: ProviderModel, call: ModelCall): AsyncGenerator<string, StreamEnd> {
  let reader: ReadableStreamDefaultReader<StreamPart> | undefined;
  let finished = false;
  try {
    const { stream } = await model.doStream({
      prompt: promptOf(call.system, call.history, call.user, call.toolRounds),
      abortSignal: call.signal,
      maxOutputTokens: call.maxOutputTokens,
      ...(call.tools && call.tools.length > 0 ? { tools: sdkToolsOf(call.tools) } : {}),
      // Read only by the local model (local-language-model.ts); an SDK provider ignores options
      // under a name that is not its own.
      ...(call.account !== undefined ? { providerOptions: { [GENIE_OPTIONS]: { account: call.account } } } : {}),
    });
    reader = stream.getReader();
    let end: StreamEnd = { tokensIn: 0, tokensOut: 0, cutOff: false };
    const toolCalls = new ToolCallCollector();
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      call.onActivity();
      if (part.type === 'text-delta') {
        if (part.delta) yield part.delta;
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'tool-input-start' || part.type === 'tool-input-delta' || part.type === 'tool-call') {
        toolCalls.read(part);
      } else if (part.type === 'finish') {
        end = {
          tokensIn: part.usage.inputTokens.total ?? 0,
          tokensOut: part.usage.outputTokens.total ?? 0,
          cutOff: part.finishReason.unified === 'length',
        };
      }
    }
    finished = true;
    const calls = toolCalls.calls;
    return calls ? { ...end, toolCalls: calls } : end;
  } catch (error) {
    if (error instanceof ProviderError || call.signal.aborted) throw error;
    throw toProviderError(error, reader !== undefined);
  } finally {
    // A stream left early (an error part, the caller stopped): release the provider's connection.
    if (reader && !finished) void reader.cancel().catch(() => undefined);
  }
}

const timeoutMessage = (ms: number) =>
  `The model provider did not answer within ${Math.round(ms / 100) / 10} seconds. Please try again.`;
