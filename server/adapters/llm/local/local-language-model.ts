import type { ChatHistoryItem } from 'node-llama-cpp';
import { GENIE_OPTIONS, type ProviderModel } from '../model-stream';
import { ProviderError, TOO_LONG_FOR_PROVIDER } from '../provider-error';
import { QueueFullError } from './generation-queue';
import { LocalModelExitError, LocalModelLoadError, LocalPromptTooLongError, type LocalGeneration, type LocalModelRuntime } from './local-runtime';

/**
 * A local model as an `ai` SDK provider model (LanguageModelV3), so the chat path is the same code
 * as for every hosted provider: model-stream.ts calls `doStream` and reads text deltas and a
 * finish part. Usage is llama.cpp's own token meter; a reply ended at max_tokens finishes with
 * `length` (shown as cut off); a prompt the context cannot hold is refused the way a provider
 * refuses one (context_exceeded with the real size), and a full queue is `busy` (429).
 */

type CallOptions = Parameters<ProviderModel['doStream']>[0];
type StreamResult = Awaited<ReturnType<ProviderModel['doStream']>>;
type GenerateResult = Awaited<ReturnType<ProviderModel['doGenerate']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type Usage = Extract<StreamPart, { type: 'finish' }>['usage'];
type FinishReason = Extract<StreamPart, { type: 'finish' }>['finishReason'];

const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');

/** The SDK's prompt as llama.cpp chat history. Local models get images named in text (chat-reply.ts), so only text is kept. */
export function toChatHistory(prompt: CallOptions['prompt']): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  for (const message of prompt) {
    if (message.role === 'system') history.push({ type: 'system', text: message.content });
    else if (message.role === 'user') history.push({ type: 'user', text: textOf(message.content) });
    else if (message.role === 'assistant') history.push({ type: 'model', response: [textOf(message.content)] });
  }
  return history;
}

const usageOf = (g: LocalGeneration): Usage => ({
  inputTokens: { total: g.promptTokens, noCache: g.promptTokens, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: g.completionTokens, text: g.completionTokens, reasoning: undefined },
});

const finishOf = (g: LocalGeneration): FinishReason => ({ unified: g.stopReason === 'maxTokens' ? 'length' : 'stop', raw: g.stopReason });

/** The runtime's refusals as the errors model-stream.ts knows from every provider. */
function providerErrorOf(error: unknown): unknown {
  if (error instanceof QueueFullError) return new ProviderError('busy', error.message);
  if (error instanceof LocalPromptTooLongError) return new ProviderError('context_exceeded', TOO_LONG_FOR_PROVIDER, error.contextSize);
  // Why is for the operator (System tab), not for every user.
  if (error instanceof LocalModelLoadError) return new ProviderError('failed', 'The model could not be loaded. Please tell your administrator.');
  if (error instanceof LocalModelExitError) return new ProviderError('failed', LOCAL_MODEL_STOPPED);
  return error;
}

/** A reply whose model process ended under it (the operator's log says why). */
export const LOCAL_MODEL_STOPPED = 'The local model stopped while writing this reply. Please try again.';

const abortError = () => new DOMException('The reply was stopped.', 'AbortError');

/** The account a call is for, as model-stream.ts passes it; undefined when none was given. */
function accountOf(options: CallOptions): string | undefined {
  const account = options.providerOptions?.[GENIE_OPTIONS]?.account;
  return typeof account === 'string' ? account : undefined;
}

export function createLocalLanguageModel(runtime: Pick<LocalModelRuntime, 'generate'>, modelId: string): ProviderModel {
  async function doStream(options: CallOptions): Promise<StreamResult> {
    const abort = new AbortController();
    const stop = () => abort.abort();
    if (options.abortSignal?.aborted) abort.abort();
    options.abortSignal?.addEventListener('abort', stop, { once: true });
    // Set once the reader cancels: a text piece llama.cpp hands over while it stops, or its
    // result, must not be enqueued into a stream that is gone (enqueue would throw).
    let cancelled = false;
    const stream = new ReadableStream<StreamPart>({
      start(controller) {
        const id = 'text-0';
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id });
        // Not awaited: start() returns at once and the parts flow as llama.cpp writes them. A
        // refusal (queue full, prompt too long) arrives as the stream's error before any text,
        // which model-stream.ts treats as it treats an HTTP provider's 429 or 400.
        // The model's process already sends its text in batches (local-model-process.ts), so
        // each piece goes on as it arrives.
        void runtime
          .generate({
            history: toChatHistory(options.prompt),
            maxTokens: options.maxOutputTokens,
            signal: abort.signal,
            account: accountOf(options),
            onText: (delta) => {
              if (!cancelled) controller.enqueue({ type: 'text-delta', id, delta });
            },
          })
          .then(
            (g) => {
              // A stopped reply ends as an aborted request does with any provider: with an error.
              if (cancelled || g.stopReason === 'abort') return controller.error(abortError());
              controller.enqueue({ type: 'text-end', id });
              controller.enqueue({ type: 'finish', usage: usageOf(g), finishReason: finishOf(g) });
              controller.close();
            },
            (error: unknown) => controller.error(providerErrorOf(error)),
          )
          .finally(() => options.abortSignal?.removeEventListener('abort', stop));
      },
      cancel() {
        cancelled = true;
        abort.abort();
      },
    });
    return { stream };
  }

  return {
    specificationVersion: 'v3',
    provider: 'local',
    modelId,
    supportedUrls: {},
    doStream,
    async doGenerate(options: CallOptions): Promise<GenerateResult> {
      const { stream } = await doStream(options);
      const reader = stream.getReader();
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.type === 'text-delta') text += value.delta;
        if (value.type === 'finish') return { content: [{ type: 'text', text }], finishReason: value.finishReason, usage: value.usage, warnings: [] };
      }
      throw new ProviderError('failed', 'The local model ended without finishing its reply.');
    },
  };
}
