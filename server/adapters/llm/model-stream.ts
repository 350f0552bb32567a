import { APICallError, streamText, type LanguageModel, type ModelMessage } from 'ai';

/**
 * One streamed call to a model provider, as an async generator of text deltas. It is cut off when
 * the provider sends nothing for `idleTimeoutMs` (before the first token or between tokens), and
 * aborted with the caller's signal (a client that went away). Failures become ProviderError.
 */

export type ProviderFailure = 'failed' | 'timeout' | 'rate_limited' | 'aborted';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface StreamUsage {
  tokensIn: number;
  tokensOut: number;
}

export async function* streamModel(options: {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal;
  idleTimeoutMs: number;
}): AsyncGenerator<string, StreamUsage> {
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

  try {
    const result = streamText({
      model: options.model,
      system: options.system,
      messages: options.messages,
      abortSignal: controller.signal,
      // One attempt: a retry would multiply the wait before the user sees the error.
      maxRetries: 0,
      // Errors arrive as 'error' parts below; without this the SDK also prints them to the console.
      onError: () => {},
    });
    let usage: StreamUsage = { tokensIn: 0, tokensOut: 0 };
    for await (const part of result.fullStream) {
      arm();
      if (part.type === 'text-delta' && part.text) yield part.text;
      else if (part.type === 'error') throw part.error;
      else if (part.type === 'abort') throw new DOMException('aborted', 'AbortError');
      else if (part.type === 'finish') {
        usage = { tokensIn: part.totalUsage.inputTokens ?? 0, tokensOut: part.totalUsage.outputTokens ?? 0 };
      }
    }
    if (timedOut) throw new ProviderError('timeout', timeoutMessage(options.idleTimeoutMs));
    return usage;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (timedOut) throw new ProviderError('timeout', timeoutMessage(options.idleTimeoutMs));
    if (options.signal.aborted) throw new ProviderError('aborted', 'The request was cancelled.');
    throw toProviderError(error);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onCallerAbort);
    controller.abort();
  }
}

const timeoutMessage = (ms: number) =>
  `The model provider did not answer within ${Math.round(ms / 100) / 10} seconds. Please try again.`;

export function toProviderError(error: unknown): ProviderError {
  if (APICallError.isInstance(error)) {
    if (error.statusCode === 429) {
      return new ProviderError('rate_limited', 'The model provider is busy right now (rate limited). Please try again in a minute.');
    }
    if (error.statusCode && error.statusCode >= 400) {
      return new ProviderError('failed', `The model provider could not answer (HTTP ${error.statusCode}). Please try again.`);
    }
    if (!error.statusCode) return new ProviderError('failed', 'The model provider could not be reached. Please try again.');
    // A 2xx whose body broke off: the connection was cut mid-reply.
    return new ProviderError('failed', "The model provider's reply was cut off. Please try again.");
  }
  return new ProviderError('failed', 'The model provider sent a reply Genie could not read. Please try again.');
}
