import { APICallError, JSONParseError, TypeValidationError, type LanguageModel } from 'ai';

/**
 * One streamed call to a model provider, as an async generator of text deltas. It is cut off when
 * the provider sends nothing for `idleTimeoutMs` (before the first token or between tokens), and
 * aborted with the caller's signal (a client that went away). Failures become ProviderError.
 *
 * It calls the provider model's own `doStream` (the SDK's LanguageModelV3 interface, which every
 * provider Genie builds implements) rather than `streamText`: Genie uses no tools, steps, retries
 * or telemetry, and streamText's layers of web streams and prompt validation cost about 3 ms of
 * CPU per 20-token reply on top of the provider's ~1.3 ms (bench #1 at 200 concurrent streams).
 */

/** The provider-level model: what `languageModelFor` builds. */
export type ProviderModel = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type ModelPrompt = Parameters<ProviderModel['doStream']>[0]['prompt'];
type StreamPart = Awaited<ReturnType<ProviderModel['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/**
 * `aborted` is the caller's own signal (the user went away or stopped); `context_exceeded` is the
 * provider refusing a prompt longer than its context, with the size it reported when it did;
 * `busy` is a model Genie runs itself whose queue of replies is full (answered 429, not 502).
 */
export type ProviderFailure = 'failed' | 'timeout' | 'rate_limited' | 'aborted' | 'context_exceeded' | 'busy';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
    /** For `context_exceeded`: the context size in tokens the provider said it has, if it said. */
    readonly contextTokens?: number,
  ) {
    super(message);
  }
}

export interface StreamUsage {
  tokensIn: number;
  tokensOut: number;
}

/** How a stream ended: its usage, and whether the provider stopped it at its length limit. */
export interface StreamEnd extends StreamUsage {
  cutOff: boolean;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the user's turn is made of: text, and images for models that can see them. */
export type UserPart = { type: 'text'; text: string } | { type: 'image'; data: Uint8Array; mediaType: string };

function promptOf(system: string, history: ChatTurn[], user: UserPart[]): ModelPrompt {
  return [
    { role: 'system', content: system },
    ...history.map((turn) => ({ role: turn.role, content: [{ type: 'text' as const, text: turn.content }] })),
    {
      role: 'user',
      content: user.map((part) =>
        part.type === 'text' ? part : { type: 'file' as const, data: part.data, mediaType: part.mediaType },
      ),
    },
  ];
}

export async function* streamModel(options: {
  model: ProviderModel;
  system: string;
  history: ChatTurn[];
  user: UserPart[];
  signal: AbortSignal;
  idleTimeoutMs: number;
  /** Sent as the provider's max_tokens: what is left of the model's context after the prompt. */
  maxOutputTokens?: number;
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
  let reader: ReadableStreamDefaultReader<StreamPart> | undefined;
  let finished = false;
  try {
    const { stream } = await options.model.doStream({
      prompt: promptOf(options.system, options.history, options.user),
      abortSignal: controller.signal,
      maxOutputTokens: options.maxOutputTokens,
    });
    reader = stream.getReader();
    let end: StreamEnd = { tokensIn: 0, tokensOut: 0, cutOff: false };
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      arm();
      if (part.type === 'text-delta') {
        if (part.delta) yield part.delta;
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'finish') {
        end = {
          tokensIn: part.usage.inputTokens.total ?? 0,
          tokensOut: part.usage.outputTokens.total ?? 0,
          cutOff: part.finishReason.unified === 'length',
        };
      }
    }
    finished = true;
    if (timedOut) throw new ProviderError('timeout', timeoutMessage(options.idleTimeoutMs));
    return end;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (timedOut) throw new ProviderError('timeout', timeoutMessage(options.idleTimeoutMs));
    if (options.signal.aborted) throw new ProviderError('aborted', 'The request was cancelled.');
    throw toProviderError(error, reader !== undefined);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onCallerAbort);
    // A stream read to its end holds nothing to release; aborting it would only build a
    // DOMException with its stack for every reply (issue 19's profile).
    if (!finished) controller.abort();
    // A stream left early (an error part, the caller stopped): release the provider's connection.
    if (reader && !finished) void reader.cancel().catch(() => undefined);
  }
}

const timeoutMessage = (ms: number) =>
  `The model provider did not answer within ${Math.round(ms / 100) / 10} seconds. Please try again.`;

const CUT_OFF = "The model provider's reply was cut off. Please try again.";

/**
 * How providers say a prompt is longer than their context: llama.cpp ("the request exceeds the
 * available context size", type exceed_context_size_error), OpenAI and vLLM ("maximum context
 * length is N tokens", context_length_exceeded), Anthropic ("prompt is too long: N tokens > M maximum").
 */
const CONTEXT_EXCEEDED = /exceed_context_size_error|exceeds the available context size|context_length_exceeded|maximum context length|prompt is too long/i;

/** The context size a provider reported with its refusal: llama.cpp's n_ctx, or the number in the sentence. */
export function reportedContextTokens(body: string): number | undefined {
  const found =
    /"n_ctx"\s*:\s*(\d+)/.exec(body) ?? /maximum context length is (\d+)/i.exec(body) ?? /tokens\s*>\s*(\d+)\s*maximum/i.exec(body);
  const tokens = found ? Number(found[1]) : NaN;
  return Number.isSafeInteger(tokens) && tokens > 0 ? tokens : undefined;
}

export const TOO_LONG_FOR_PROVIDER = 'The conversation is too long for the model to read at once.';

/** `afterResponse`: the provider had answered 2xx and was streaming when this happened. */
export function toProviderError(error: unknown, afterResponse = false): ProviderError {
  if (APICallError.isInstance(error)) {
    const said = `${error.responseBody ?? ''} ${error.message}`;
    if ((error.statusCode === 400 || error.statusCode === 413) && CONTEXT_EXCEEDED.test(said)) {
      return new ProviderError('context_exceeded', TOO_LONG_FOR_PROVIDER, reportedContextTokens(said));
    }
    if (error.statusCode === 429) {
      return new ProviderError('rate_limited', 'The model provider is busy right now (rate limited). Please try again in a minute.');
    }
    if (error.statusCode && error.statusCode >= 400) {
      return new ProviderError('failed', `The model provider could not answer (HTTP ${error.statusCode}). Please try again.`);
    }
    if (!error.statusCode) return new ProviderError('failed', 'The model provider could not be reached. Please try again.');
    // A 2xx whose body broke off: the connection was cut mid-reply.
    return new ProviderError('failed', CUT_OFF);
  }
  if (afterResponse && error instanceof TypeError && !JSONParseError.isInstance(error) && !TypeValidationError.isInstance(error)) {
    // The body's connection failed mid-stream (undici's TypeError "terminated").
    return new ProviderError('failed', CUT_OFF);
  }
  return new ProviderError('failed', 'The model provider sent a reply Genie could not read. Please try again.');
}
