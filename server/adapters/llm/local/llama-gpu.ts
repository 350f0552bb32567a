import type { Llama, LlamaOptions } from 'node-llama-cpp';

/**
 * Which llama.cpp build the local models run on (LOCAL_MODEL_GPU). `auto` is node-llama-cpp's
 * own choice (Metal on a Mac, else CUDA or Vulkan when that build is installed and a GPU answers,
 * else the CPU); a named GPU that cannot be used falls back to the CPU with one notice, so a
 * server whose GPU went away still starts. Never built here (`build: 'never'`): only the prebuilt
 * binaries npm installed.
 */

export const LOCAL_GPU_CHOICES = ['auto', 'cuda', 'vulkan', 'metal', 'off'] as const;
export type LocalGpu = (typeof LOCAL_GPU_CHOICES)[number];

export interface LlamaOnGpu {
  llama: Llama;
  /** One sentence for the operator's log when the asked GPU could not be used; null otherwise. */
  notice: string | null;
}

type GetLlama = (options: LlamaOptions) => Promise<Llama>;

const GPU_NAMES: Record<Exclude<LocalGpu, 'auto' | 'off'>, string> = { cuda: 'CUDA', vulkan: 'Vulkan', metal: 'Metal' };

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/\.$/, '');

/** The runtime on `gpu`, or on the CPU with a notice when that GPU is unusable. `base` carries the other options. */
export async function getLlamaOn(gpu: LocalGpu, getLlama: GetLlama, base: Omit<LlamaOptions, 'gpu' | 'build'> = {}): Promise<LlamaOnGpu> {
  const options = { ...base, build: 'never' as const };
  if (gpu === 'off') return { llama: await getLlama({ ...options, gpu: false }), notice: null };
  if (gpu === 'auto') return { llama: await getLlama({ ...options, gpu: 'auto' }), notice: null };
  const name = GPU_NAMES[gpu];
  let why: string;
  try {
    const llama = await getLlama({ ...options, gpu });
    // node-llama-cpp answers a GPU its platform cannot have (Metal on Linux) with a CPU runtime.
    if (llama.gpu === gpu) return { llama, notice: null };
    why = `this machine's runtime has no ${name}`;
    await llama.dispose();
  } catch (error) {
    why = firstLine(error);
  }
  return {
    llama: await getLlama({ ...options, gpu: false }),
    notice: `LOCAL_MODEL_GPU=${gpu}: ${name} cannot be used (${why}); the local model runs on the CPU.`,
  };
}
