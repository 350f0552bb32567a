import type { ChatHistoryItem } from 'node-llama-cpp';
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
  | { type: 'loaded'; contextSize: number; memoryBytes: number; sequences: number }
  | { type: 'load_failed'; message: string }
  | { type: 'grammar_set'; seq: number; error: string | null }
  | { type: 'text'; id: number; text: string }
  | { type: 'done'; id: number; report: GenerationReport }
  | { type: 'too_long'; id: number; promptTokens: number; contextSize: number }
  | { type: 'failed'; id: number; message: string };
