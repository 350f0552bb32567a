import type { Llama, LlamaOptions } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import { getLlamaOn } from './llama-gpu';

/** A getLlama that has the `usable` GPU builds (the CPU always), recording what it was asked. */
function fakeGetLlama(usable: string[], platformFallback = false) {
  const asked: LlamaOptions[] = [];
  const disposed: string[] = [];
  const getLlama = async (options: LlamaOptions) => {
    asked.push(options);
    const gpu = options.gpu;
    if (gpu === false || gpu === 'auto') return { gpu: gpu === 'auto' ? (usable[0] ?? false) : false } as unknown as Llama;
    if (typeof gpu === 'string' && usable.includes(gpu)) return { gpu } as unknown as Llama;
    if (platformFallback) return { gpu: false, dispose: async () => void disposed.push(String(gpu)) } as unknown as Llama;
    throw new Error('NoBinaryFoundError\nmore detail');
  };
  return { getLlama, asked, disposed };
}

describe('getLlamaOn', () => {
  it('off runs on the CPU without asking for any GPU', async () => {
    const fake = fakeGetLlama(['cuda']);
    const { llama, notice } = await getLlamaOn('off', fake.getLlama);
    expect(llama.gpu).toBe(false);
    expect(notice).toBeNull();
    expect(fake.asked).toEqual([{ build: 'never', gpu: false }]);
  });

  it("auto is node-llama-cpp's own choice, quietly", async () => {
    const fake = fakeGetLlama(['vulkan']);
    const { llama, notice } = await getLlamaOn('auto', fake.getLlama, { maxThreads: 3 });
    expect(llama.gpu).toBe('vulkan');
    expect(notice).toBeNull();
    expect(fake.asked).toEqual([{ maxThreads: 3, build: 'never', gpu: 'auto' }]);
  });

  it('a named GPU that works is used', async () => {
    const fake = fakeGetLlama(['cuda']);
    const { llama, notice } = await getLlamaOn('cuda', fake.getLlama);
    expect(llama.gpu).toBe('cuda');
    expect(notice).toBeNull();
  });

  it('a named GPU with no build falls back to the CPU with one notice', async () => {
    const fake = fakeGetLlama([]);
    const { llama, notice } = await getLlamaOn('cuda', fake.getLlama);
    expect(llama.gpu).toBe(false);
    expect(notice).toBe('LOCAL_MODEL_GPU=cuda: CUDA cannot be used (NoBinaryFoundError); the local model runs on the CPU.');
    expect(fake.asked.map((o) => o.gpu)).toEqual(['cuda', false]);
  });

  it('a GPU the platform cannot have (Metal on Linux) is named in the notice and its runtime freed', async () => {
    const fake = fakeGetLlama([], true);
    const { llama, notice } = await getLlamaOn('metal', fake.getLlama);
    expect(llama.gpu).toBe(false);
    expect(notice).toBe("LOCAL_MODEL_GPU=metal: Metal cannot be used (this machine's runtime has no Metal); the local model runs on the CPU.");
    expect(fake.disposed).toEqual(['metal']);
  });
});
