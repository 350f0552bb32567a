import { aiSdkIfLoaded } from './ai-sdk';

/**
 * What went wrong with a model provider, in the words users see. One owner for both ways Genie
 * calls a provider: the ai SDK's models (toProviderError) and the chat-completions stream of its
 * own (providerErrorOfStatus).
 *
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

export const CUT_OFF = "The model provider's reply was cut off. Please try again.";
export const UNREADABLE_REPLY = 'The model provider sent a reply Genie could not read. Please try again.';
export const UNREACHABLE = 'The model provider could not be reached. Please try again.';
export const TOO_LONG_FOR_PROVIDER = 'The conversation is too long for the model to read at once.';

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

/** A provider's answer of status 400 and over, with what its body said. */
export function providerErrorOfStatus(status: number, said: string): ProviderError {
  if ((status === 400 || status === 413) && CONTEXT_EXCEEDED.test(said)) {
    return new ProviderError('context_exceeded', TOO_LONG_FOR_PROVIDER, reportedContextTokens(said));
  }
  if (status === 429) {
    return new ProviderError('rate_limited', 'The model provider is busy right now (rate limited). Please try again in a minute.');
  }
  return new ProviderError('failed', `The model provider could not answer (HTTP ${status}). Please try again.`);
}

/** An ai SDK call's failure. `afterResponse`: the provider had answered 2xx and was streaming when this happened. */
export function toProviderError(error: unknown, afterResponse = false): ProviderError {
  // Not loaded, the SDK made no call, so the error is none of its classes (the local model's, say).
  const sdk = aiSdkIfLoaded();
  if (sdk?.APICallError.isInstance(error)) {
    if (error.statusCode && error.statusCode >= 400) return providerErrorOfStatus(error.statusCode, `${error.responseBody ?? ''} ${error.message}`);
    if (!error.statusCode) return new ProviderError('failed', UNREACHABLE);
    // A 2xx whose body broke off: the connection was cut mid-reply.
    return new ProviderError('failed', CUT_OFF);
  }
  if (afterResponse && error instanceof TypeError && !sdk?.JSONParseError.isInstance(error) && !sdk?.TypeValidationError.isInstance(error)) {
    // The body's connection failed mid-stream (undici's TypeError "terminated").
    return new ProviderError('failed', CUT_OFF);
  }
  return new ProviderError('failed', UNREADABLE_REPLY);
}
