import type { Config } from '../../config';
import { OLLAMA_DEFAULT_BASE_URL } from './providers';
import { retryingFetch } from './retrying-fetch';
import { createLocalEmbedder } from './local/local-embedder';
import { localModelPath } from './local/local-settings';

/**
 * Embedding models for hybrid retrieval (issue 16): GENIE_EMBEDDING_MODEL as `<provider>:<id>`.
 * Every remote provider is spoken to through OpenAI's `POST /v1/embeddings` (OpenAI itself, Ollama's
 * OpenAI-compatible endpoint, llama.cpp, vLLM…), so one small client serves them all.
 */
export interface Embedder {
  /** GENIE_EMBEDDING_MODEL as given: stored with each vector, so a change of model re-embeds. */
  model: string;
  /** One unit-length vector per text, in order. Throws on any failure (the caller retries later). */
  embed(texts: string[]): Promise<number[][]>;
}

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Statuses that refuse the texts themselves (too long, malformed), not the moment: not worth asking again. */
const REFUSALS = new Set([400, 413, 422]);

/** The model refused these texts (HTTP 400, 413 or 422), as opposed to being down or busy. */
export class EmbeddingRefused extends Error {}

/** How long one batch may take before it counts as failed. */
const EMBED_TIMEOUT_MS = 120_000;


/** The embedder GENIE_EMBEDDING_MODEL names, or null when it is unset. */
export function createEmbedder(config: Config, fetchImpl: typeof fetch = retryingFetch): Embedder | null {
  const ref = config.GENIE_EMBEDDING_MODEL;
  if (!ref) return null;
  const colon = ref.indexOf(':');
  const provider = ref.slice(0, colon);
  const modelId = ref.slice(colon + 1);
  const endpoint = {
    openai: { baseURL: config.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL, apiKey: config.OPENAI_API_KEY },
    ollama: { baseURL: config.OLLAMA_BASE_URL ?? OLLAMA_DEFAULT_BASE_URL, apiKey: config.OLLAMA_API_KEY },
    'openai-compatible': { baseURL: config.OPENAI_COMPATIBLE_BASE_URL, apiKey: config.OPENAI_COMPATIBLE_API_KEY },
  }[provider];
  if (provider === 'local') {
    // In Genie's own process (server/adapters/llm/local); start has already checked the file.
    const local = createLocalEmbedder(localModelPath(modelId), { threads: config.LOCAL_MODEL_THREADS, gpu: config.LOCAL_MODEL_GPU });
    return { model: ref, embed: async (texts) => (await local.embed(texts)).map(normalise) };
  }
  if (!endpoint) throw new Error(`GENIE_EMBEDDING_MODEL=${ref}: unknown provider ${provider}.`);
  if (!endpoint.baseURL) throw new Error(`GENIE_EMBEDDING_MODEL=${ref} needs OPENAI_COMPATIBLE_BASE_URL, the server's address ending in /v1.`);
  return { model: ref, embed: (texts) => embedOverHttp(fetchImpl, endpoint.baseURL!, endpoint.apiKey, modelId, texts) };
}

async function embedOverHttp(fetchImpl: typeof fetch, baseURL: string, apiKey: string | undefined, model: string, texts: string[]): Promise<number[][]> {
  if (texts.length === 0) return [];
  const response = await fetchImpl(`${baseURL.replace(/\/+$/, '')}/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify({ model, input: texts }),
    signal: AbortSignal.timeout(EMBED_TIMEOUT_MS),
  });
  // The status only: a provider's error body can echo the request, and passages are private.
  if (!response.ok) {
    const message = `the embedding model answered HTTP ${response.status}`;
    throw REFUSALS.has(response.status) ? new EmbeddingRefused(message) : new Error(message);
  }
  const body = (await response.json()) as { data?: { index?: number; embedding?: unknown }[] };
  const data = body.data ?? [];
  if (data.length !== texts.length) throw new Error(`the embedding model returned ${data.length} vectors for ${texts.length} texts`);
  const vectors: number[][] = new Array<number[]>(texts.length);
  for (const [i, item] of data.entries()) {
    const embedding = item.embedding;
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new Error('the embedding model returned a vector that is not a list of numbers');
    }
    vectors[item.index ?? i] = normalise(embedding as number[]);
  }
  if (vectors.some((v) => !v) || new Set(vectors.map((v) => v.length)).size !== 1) throw new Error('the embedding model returned vectors of differing widths');
  return vectors;
}

/** Scaled to length 1, so cosine similarity is a dot product. A zero vector stays zero. */
export function normalise(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? vector.map(() => 0) : vector.map((x) => x / norm);
}
