import type { LlamaEmbeddingContext } from 'node-llama-cpp';
import { GenerationQueue } from './generation-queue';
import type { LocalGpu } from './llama-gpu';
import { loadLlama } from './local-models';

/**
 * Embeddings from a GGUF file run in this process (`GENIE_EMBEDDING_MODEL=local:<path>`): one
 * vector per text, in order, computed by llama.cpp on its own threads. The model loads on the
 * first call; texts are embedded one at a time (one context), callers taking turns.
 */
export interface LocalEmbedder {
  embed(texts: string[]): Promise<number[][]>;
  close(): Promise<void>;
}

/** Passages are short; a context this size holds one with room to spare and costs little memory. */
const EMBEDDING_CONTEXT_TOKENS = 512;

export function createLocalEmbedder(path: string, options: { threads?: number; gpu?: LocalGpu } = {}): LocalEmbedder {
  let context: Promise<LlamaEmbeddingContext> | null = null;
  // Unbounded waiting: indexing is a background job that paces itself, not a user's request.
  const turns = new GenerationQueue(1, Number.MAX_SAFE_INTEGER);
  const open = () =>
    (context ??= (async () => {
      const llama = await loadLlama(options.gpu);
      const model = await llama.loadModel({ modelPath: path });
      const threads = options.threads ?? Math.max(1, llama.cpuMathCores - 1);
      return model.createEmbeddingContext({ contextSize: Math.min(EMBEDDING_CONTEXT_TOKENS, model.trainContextSize), threads });
    })());
  return {
    embed: (texts) =>
      turns.run(async () => {
        const embeddings = await open();
        const vectors: number[][] = [];
        for (const text of texts) vectors.push([...(await embeddings.getEmbeddingFor(text)).vector]);
        return vectors;
      }),
    async close() {
      const opened = await context?.catch(() => null);
      await opened?.dispose();
    },
  };
}
