import { GENIE_OPTIONS, type ProviderModel } from '../model-stream';
import { ProviderError, TOO_LONG_FOR_PROVIDER, UNREADABLE_REPLY } from '../provider-error';
import { QueueFullError } from './generation-queue';
import { callsIn, toChatHistory, toolsOf } from './local-chat-history';
import { LocalModelExitError, LocalModelLoadError, LocalPromptTooLongError, LocalToolCallsTooLargeError } from './local-runtime-errors';
import type { LocalGeneration, LocalModelRuntime } from './local-runtime';
import { localFunctionsOf } from './local-tool-schema';

/**
 * A local model as an `ai` SDK provider model (LanguageModelV3), so the chat path is the same code
 * as for every hosted provider: model-stream.ts calls `doStream` and reads text deltas and a
 * finish part. Usage is llama.cpp's own token meter; a reply ended at max_tokens finishes with
 * `length` (shown as cut off); a prompt the context cannot hold is refused the way a provider
 * refuses one (context_exceeded with the real size), and a full queue is `busy` (429).
 *
 * MCP tools (issue 45) go to node-llama-cpp's function calling: the SDK's function tools become
 * its functions (local-tool-schema.ts), the calls it hands back become `tool-call` parts, which
 * model-stream.ts collects and chat-tools.ts runs, asks about or refuses as for any provider; the
 * next round's prompt carries their results back (local-chat-history.ts).
 */

type CallOptions = Parameters<ProviderModel['doStream']>[0];
type StreamResult = Awaited<ReturnType<ProviderModel['doStream']>>;
type GenerateResult = Awaited<ReturnType<ProviderModel['doGenerate']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type Usage = Extract<StreamPart, { type: 'finish' }>['usage'];
type FinishReason = Extract<StreamPart, { type: 'finish' }>['finishReason'];

const usageOf = (g: LocalGeneration): Usage => ({
  inputTokens: { total: g.promptTokens, noCache: g.promptTokens, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: g.completionTokens, text: g.completionTokens, reasoning: undefined },
});

const finishOf = (g: LocalGeneration): FinishReason => ({ unified: g.toolCalls ? 'tool-calls' : g.stopReason === 'maxTokens' ? 'length' : 'stop', raw: g.stopReason });

/** A reply's calls as the SDK's parts, numbered on from the calls of its earlier rounds. */
const toolCallParts = (g: LocalGeneration, firstId: number) =>
  (g.toolCalls ?? []).map((call, index) => ({ type: 'tool-call' as const, toolCallId: `call_${firstId + index}`, toolName: call.name, input: call.arguments }));

/** The runtime's refusals as the errors model-stream.ts knows from every provider. */
function providerErrorOf(error: unknown): unknown {
  if (error instanceof QueueFullError) return new ProviderError('busy', error.message);
  if (error instanceof LocalPromptTooLongError) return new ProviderError('context_exceeded', TOO_LONG_FOR_PROVIDER, error.contextSize);
  // Why is for the operator (System tab), not for every user.
  if (error instanceof LocalModelLoadError) return new ProviderError('failed', 'The model could not be loaded. Please tell your administrator.');
  if (error instanceof LocalModelExitError) return new ProviderError('failed', LOCAL_MODEL_STOPPED);
  // As any provider's stream past the bounds (sdk-tools.ts).
  if (error instanceof LocalToolCallsTooLargeError) return new ProviderError('failed', UNREADABLE_REPLY);
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
        const tools = toolsOf(options.tools);
        void runtime
          .generate({
            history: toChatHistory(options.prompt),
            ...(tools.length > 0 ? { functions: localFunctionsOf(tools) } : {}),
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
              for (const call of toolCallParts(g, callsIn(options.prompt))) controller.enqueue(call);
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
      const calls: Extract<StreamPart, { type: 'tool-call' }>[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.type === 'text-delta') text += value.delta;
        if (value.type === 'tool-call') calls.push(value);
        if (value.type === 'finish') return { content: [{ type: 'text', text }, ...calls], finishReason: value.finishReason, usage: value.usage, warnings: [] };
      }
      throw new ProviderError('failed', 'The local model ended without finishing its reply.');
    },
  };
}
