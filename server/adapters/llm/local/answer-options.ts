import type { ChatModelFunctions, LlamaGrammar } from 'node-llama-cpp';
import { MAX_TOOL_ARGUMENT_CHARS, MAX_TOOL_CALLS } from '../model-call';

/**
 * How the local model may answer one reply (local-model-process.ts). With `functions`,
 * node-llama-cpp's function calling: it stops and returns the calls, running none; each call's
 * parameters are counted as they are written, and a call past MAX_TOOL_ARGUMENT_CHARS (or past
 * MAX_TOOL_CALLS calls) stops the reply at once (`tooLarge.seen`), before the process has buffered
 * it whole. A forced grammar does not apply then: node-llama-cpp takes one or the other. Without
 * functions, the grammar a test forced, if any.
 */
export function answerOptions(functions: ChatModelFunctions | null, grammar: LlamaGrammar | undefined, abort: AbortController, tooLarge: { seen: boolean }) {
  if (!functions) return { grammar };
  const written = new Map<number, number>();
  return {
    functions,
    // Parameters' descriptions go into the prompt too: MCP servers say there what each one means.
    documentFunctionParams: true,
    maxParallelFunctionCalls: MAX_TOOL_CALLS,
    onFunctionCallParamsChunk: (chunk: { callIndex: number; paramsChunk: string }) => {
      const length = (written.get(chunk.callIndex) ?? 0) + chunk.paramsChunk.length;
      written.set(chunk.callIndex, length);
      if (length > MAX_TOOL_ARGUMENT_CHARS || chunk.callIndex >= MAX_TOOL_CALLS) {
        tooLarge.seen = true;
        abort.abort();
      }
    },
  };
}
