import type { ChatHistoryItem, ChatModelFunctions } from 'node-llama-cpp';
import { MAX_TOOL_ARGUMENT_CHARS, MAX_TOOL_CALLS, MAX_TOOL_NAME_CHARS } from '../model-call';
import type { LocalGpu } from './llama-gpu';

/**
 * Messages between the server and its local-model process (local-model-process.ts): one process
 * per model file, holding the model and one context with several sequences, writing up to that
 * many replies at once (llama.cpp decodes them in one batch).
 */

export interface LoadSettings {
  path: string;
  contextSize: number;
  threads: number;
  /** Which llama.cpp build (LOCAL_MODEL_GPU). */
  gpu: LocalGpu;
  /** Replies written at once (LOCAL_MODEL_PARALLEL); null: the process picks from memory and cores. */
  parallel: number | null;
}

/** A function the model called (issue 45): its name and its parameters as JSON text, not run by the process. */
export interface LocalToolCall {
  name: string;
  arguments: string;
}

/** What the process did for one reply (the server adds when it ended). */
export interface GenerationReport {
  promptTokens: number;
  completionTokens: number;
  /** node-llama-cpp's reason: eogToken, stopGenerationTrigger, maxTokens, functionCalls, abort... */
  stopReason: string;
  /** The text written before it stopped (before its calls, when it called functions). */
  text: string;
  seconds: number;
  /** The functions it called, in order (stopReason `functionCalls`); absent when none. */
  toolCalls?: LocalToolCall[];
}

/**
 * Whether a reply's calls are within the bounds Genie reads from any provider (model-call.ts): at
 * most MAX_TOOL_CALLS, names and arguments bounded. The process stops a reply that passes them
 * while it writes; the server checks what arrives again, as it checks any provider's stream.
 */
export const toolCallsWithinBounds = (calls: readonly LocalToolCall[]): boolean =>
  calls.length <= MAX_TOOL_CALLS && calls.every((call) => call.name.length <= MAX_TOOL_NAME_CHARS && call.arguments.length <= MAX_TOOL_ARGUMENT_CHARS);

export type ToModelProcess =
  | { type: 'load'; settings: LoadSettings }
  | { type: 'grammar'; seq: number; gbnf: string | null }
  /** Tests only: every reply offered functions starts with a call (see LocalModelRuntime.forceToolCalls). */
  | { type: 'force_tool_calls'; seq: number; on: boolean }
  /**
   * `functions`: the tools the model may call (local-tool-schema.ts), null for none. `history` may
   * end with the model's own turn holding its earlier calls and their results: the reply goes on
   * from there (node-llama-cpp's follow-up round).
   */
  | { type: 'generate'; id: number; history: ChatHistoryItem[]; maxTokens: number | null; functions: ChatModelFunctions | null }
  | { type: 'abort'; id: number };

export type FromModelProcess =
  | { type: 'loaded'; contextSize: number; memoryBytes: number; sequences: number }
  | { type: 'load_failed'; message: string }
  /** The answer to `grammar` and `force_tool_calls`. */
  | { type: 'forced'; seq: number; error: string | null }
  | { type: 'text'; id: number; text: string }
  | { type: 'done'; id: number; report: GenerationReport }
  | { type: 'too_long'; id: number; promptTokens: number; contextSize: number }
  | { type: 'failed'; id: number; message: string }
  /** The reply's calls passed toolCallsWithinBounds while it wrote them: stopped, read as unreadable. */
  | { type: 'tool_calls_too_large'; id: number };
