import { resolve } from 'node:path';
import type { Config } from '../../../config';
import type { LocalGpu } from './llama-gpu';
import { PERSONA_IDS } from '@contract/personas';
import { personaSetting, personaSettingKey } from '../../../persona-settings';

/**
 * What the configuration says about models Genie runs itself: which settings name a `local:` file,
 * and how to run it. Pure: nothing here touches the file or the runtime.
 */

export const LOCAL_PREFIX = 'local:';

/** One `local:` reference: the setting that named it (for start-up errors) and the file, as an absolute path. */
export interface LocalModelRef {
  setting: string;
  path: string;
}

/** The model file of a `local:` model id, absolute (a relative one is read from Genie's working directory). */
export const localModelPath = (modelId: string): string => resolve(modelId);

/** Each distinct local model file the persona settings name, with the first setting that names it. */
export function localModelRefs(config: Config): LocalModelRef[] {
  const seen = new Map<string, LocalModelRef>();
  for (const persona of PERSONA_IDS) {
    const setting = personaSettingKey('GENIE_MODEL', persona);
    const value = personaSetting(config, 'GENIE_MODEL', persona);
    if (!value?.startsWith(LOCAL_PREFIX)) continue;
    const path = localModelPath(value.slice(LOCAL_PREFIX.length));
    if (!seen.has(path)) seen.set(path, { setting, path });
  }
  return [...seen.values()];
}

/** The GGUF file GENIE_EMBEDDING_MODEL names (`local:<path>`), or null. */
export function localEmbeddingRef(config: Config): LocalModelRef | null {
  const value = config.GENIE_EMBEDDING_MODEL;
  return value?.startsWith(LOCAL_PREFIX) ? { setting: 'GENIE_EMBEDDING_MODEL', path: localModelPath(value.slice(LOCAL_PREFIX.length)) } : null;
}

/**
 * llama.cpp's threads when LOCAL_MODEL_THREADS is unset: one fewer than the physical cores, at
 * least one. Every core given to llama.cpp busy-waits between tokens, so a model on all of them
 * starves the event loop and the database beside it; on the 2-core machine it was measured on,
 * 1 thread wrote ~400 tokens/s and 2 or more far fewer (docs/decisions.md).
 */
export const defaultThreads = (physicalCores: number): number => Math.max(1, Math.floor(physicalCores) - 1);

export interface LocalRunSettings {
  path: string;
  threads: number;
  contextSize: number;
  /** Which llama.cpp build (LOCAL_MODEL_GPU). */
  gpu: LocalGpu;
  /** LOCAL_MODEL_PARALLEL; undefined: the model's process picks (defaultParallel). */
  parallel: number | undefined;
  maxWaiting: number;
  /** Of maxWaiting, the replies one account may have waiting. */
  maxWaitingPerAccount: number;
}

/** How to run one file: the configured values, else the file's own context size and the machine's cores. */
export function runSettings(config: Config, path: string, file: { trainContextSize: number }, physicalCores: number): LocalRunSettings {
  return {
    path,
    threads: config.LOCAL_MODEL_THREADS ?? defaultThreads(physicalCores),
    contextSize: config.LOCAL_MODEL_CONTEXT ?? file.trainContextSize,
    gpu: config.LOCAL_MODEL_GPU,
    parallel: config.LOCAL_MODEL_PARALLEL,
    maxWaiting: config.LOCAL_MODEL_QUEUE,
    maxWaitingPerAccount: config.LOCAL_MODEL_QUEUE_PER_ACCOUNT,
  };
}

/** The most replies one context writes at once: past this the batch's cost outgrows what it saves, and each sequence holds a whole context of memory. */
export const MAX_PARALLEL = 8;

/**
 * Replies written at once when LOCAL_MODEL_PARALLEL is unset: two per physical core (a batch of
 * sequences costs little more than one while the cores wait on memory), no more than half the free
 * memory holds at `sequenceBytes` each (one sequence's context, llama.cpp's own estimate), at most
 * MAX_PARALLEL, at least one.
 */
export function defaultParallel(physicalCores: number, freeBytes: number, sequenceBytes: number): number {
  const byCores = Math.max(1, Math.floor(physicalCores)) * 2;
  const byMemory = sequenceBytes > 0 ? Math.floor(freeBytes / 2 / sequenceBytes) : MAX_PARALLEL;
  return Math.max(1, Math.min(MAX_PARALLEL, byCores, byMemory));
}
