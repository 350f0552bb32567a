import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Llama } from 'node-llama-cpp';
import { ConfigError, type Config } from '../../../config';
import { getLlamaOn, type LocalGpu } from './llama-gpu';
import { LocalModelRuntime, type LocalModelStatus } from './local-runtime';
import { localEmbeddingRef, localModelPath, localModelRefs, runSettings, type LocalModelRef, type LocalRunSettings } from './local-settings';

/**
 * The process's local models: checked when Genie starts (the runtime loads, each file is a GGUF
 * file llama.cpp can read), then one LocalModelRuntime per file and settings for the life of the
 * process, shared by every app built in it with the same settings (tests build several).
 */

const runtimes = new Map<string, LocalModelRuntime>();
let llamaPromise: Promise<Llama> | null = null;

/** What start read: the runtime, and each checked file's training context size by path. */
let llamaReady: Llama | null = null;
const checkedFiles = new Map<string, number>();

const keyOf = (s: LocalRunSettings) => `${s.path}|${s.threads}|${s.contextSize}|${s.gpu}|${s.parallel}|${s.maxWaiting}|${s.maxWaitingPerAccount}`;

/** The one runtime for this file under these settings; undefined for a file start did not check. */
function runtimeFor(config: Config, path: string): LocalModelRuntime | undefined {
  const trainContextSize = checkedFiles.get(path);
  if (!llamaReady || trainContextSize === undefined) return undefined;
  const settings = runSettings(config, path, { trainContextSize }, llamaReady.cpuMathCores);
  const key = keyOf(settings);
  let runtime = runtimes.get(key);
  if (!runtime) runtimes.set(key, (runtime = new LocalModelRuntime(settings)));
  return runtime;
}

/** Why the runtime runs on the CPU though LOCAL_MODEL_GPU named a GPU; logged once at start. */
let gpuNotice: string | null = null;

/**
 * The llama.cpp runtime on the build `gpu` names (llama-gpu.ts: a GPU that cannot be used falls
 * back to the CPU), prebuilt, never built here. The first call's choice holds for the process.
 */
export function loadLlama(gpu: LocalGpu = 'auto'): Promise<Llama> {
  llamaPromise ??= (async () => {
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    const on = await getLlamaOn(gpu, getLlama, { logLevel: LlamaLogLevel.error });
    gpuNotice = on.notice;
    return on.llama;
  })();
  llamaPromise.catch(() => {
    llamaPromise = null;
  });
  return llamaPromise;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/\.$/, '');

/**
 * Checks every `local:` model the configuration names, so a missing runtime or a bad file stops
 * start with one sentence naming the setting, not the first chat with a 502. With
 * LOCAL_MODEL_PRELOAD it loads each model too. `importLlama` is replaceable for tests. Returns the
 * notices for the operator's log (a GPU asked for that could not be used).
 */
export async function prepareLocalModels(config: Config, importLlama: () => Promise<Llama> = () => loadLlama(config.LOCAL_MODEL_GPU)): Promise<string[]> {
  const refs = localModelRefs(config);
  const embedding = localEmbeddingRef(config);
  const checked = embedding ? [...refs, embedding] : refs;
  if (checked.length === 0) return [];
  let llama: Llama;
  try {
    llama = await importLlama();
  } catch (error) {
    throw new ConfigError(
      `${checked[0]!.setting}: a local model needs the llama.cpp runtime (the optional package node-llama-cpp with its CPU binary for this platform), which could not be loaded (${reason(error)}). Install Genie without --omit=optional, or name another provider.`,
    );
  }
  llamaReady = llama;
  for (const ref of checked) checkedFiles.set(ref.path, await readModelFile(ref));
  for (const ref of refs) {
    const runtime = runtimeFor(config, ref.path)!;
    if (config.LOCAL_MODEL_PRELOAD) {
      try {
        await runtime.load();
      } catch (error) {
        throw new ConfigError(`${ref.setting}: the model file ${ref.path} could not be loaded (${reason(error)}).`);
      }
    }
  }
  return gpuNotice === null ? [] : [gpuNotice];
}

/** The file's training context size, read from its GGUF header; a ConfigError naming the setting if it cannot be read. */
async function readModelFile(ref: LocalModelRef): Promise<number> {
  try {
    await access(ref.path, constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'Genie may not read it' : reason(error);
    throw new ConfigError(`${ref.setting}: the model file ${ref.path} cannot be read (${why}).`);
  }
  const { readGgufFileInfo } = await import('node-llama-cpp');
  let contextLength: number | undefined;
  try {
    // sourceType 'filesystem': a path is only ever read from disk, never fetched.
    const info = await readGgufFileInfo(ref.path, { sourceType: 'filesystem', readTensorInfo: false, logWarnings: false });
    contextLength = info.architectureMetadata.context_length;
  } catch (error) {
    throw new ConfigError(`${ref.setting}: the model file ${ref.path} is not a GGUF model llama.cpp can read (${reason(error)}).`);
  }
  if (!contextLength || !Number.isSafeInteger(contextLength) || contextLength < 1) {
    throw new ConfigError(`${ref.setting}: the model file ${ref.path} does not say its context size; set LOCAL_MODEL_CONTEXT.`);
  }
  return contextLength;
}

/** The runtime answering for a `local:` model id under this configuration (prepared at start). */
export function localRuntimeFor(config: Config, modelId: string): LocalModelRuntime {
  const runtime = runtimeFor(config, localModelPath(modelId));
  if (!runtime) throw new Error(`local model ${modelId} was not prepared: prepareLocalModels(config) runs when the app is built`);
  return runtime;
}

/** The context size a local model runs with; undefined before start prepared it. */
export function localContextTokens(config: Config, modelId: string): number | undefined {
  return runtimeFor(config, localModelPath(modelId))?.settings.contextSize;
}

/** Each local model this configuration uses, for /api/health and the System tab. */
export function localModelsStatus(config: Config): LocalModelStatus[] {
  const used = localModelRefs(config).flatMap((ref) => runtimeFor(config, ref.path) ?? []);
  return [...new Set(used)].map((runtime) => runtime.status());
}

/** Frees every loaded model (tests and the bench; a server's process simply ends). */
export async function closeLocalModels(): Promise<void> {
  const all = [...runtimes.values()];
  runtimes.clear();
  await Promise.all(all.map((runtime) => runtime.close()));
}
