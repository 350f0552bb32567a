import type { ChatHistoryItem } from 'node-llama-cpp';

/**
 * Messages between the server and its local-model process (local-model-process.ts): one process
 * per model file, holding the model and its context, writing one reply at a time.
 */

export interface LoadSettings {
  path: string;
  contextSize: number;
  threads: number;
}

/** What the process did for one reply (the server adds when it ended). */
export interface GenerationReport {
  promptTokens: number;
  completionTokens: number;
  /** node-llama-cpp's reason: eogToken, stopGenerationTrigger, maxTokens, abort... */
  stopReason: string;
  text: string;
  seconds: number;
}

export type ToModelProcess =
  | { type: 'load'; settings: LoadSettings }
  | { type: 'grammar'; seq: number; gbnf: string | null }
  | { type: 'generate'; id: number; history: ChatHistoryItem[]; maxTokens: number | null }
  | { type: 'abort'; id: number };

export type FromModelProcess =
  | { type: 'loaded'; contextSize: number; memoryBytes: number }
  | { type: 'load_failed'; message: string }
  | { type: 'grammar_set'; seq: number; error: string | null }
  | { type: 'text'; id: number; text: string }
  | { type: 'done'; id: number; report: GenerationReport }
  | { type: 'too_long'; id: number; promptTokens: number; contextSize: number }
  | { type: 'failed'; id: number; message: string };
