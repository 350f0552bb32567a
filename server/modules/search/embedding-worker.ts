import { EmbeddingRefused, type Embedder } from '../../adapters/llm/embeddings';
import type { Db } from '../../db/database';
import { embeddingsRepository as repo, type PendingPassage } from './embeddings.repository';

/** Passages sent to the model in one request. */
export const EMBEDDING_BATCH = 16;
/** Characters of a passage (after its file name and heading) the model is given: ~400 tokens, within a 512-token embedding context. */
export const EMBEDDING_INPUT_CHARS = 1_500;
/** How often the queue is looked at when nothing nudged it, and after the model failed. */
const POLL_MS = 30_000;

export interface EmbeddingWorkerDeps {
  db: Db;
  embedder: Embedder;
  pgvector: boolean;
  pollMs?: number;
  onError?(message: string): void;
}

/**
 * Gives indexed passages their vectors, in the background, one batch at a time. The queue is the
 * passages without a vector from the current model, so it is resumable (a restart carries on) and
 * a change of GENIE_EMBEDDING_MODEL re-embeds. A failed request ends the round (tried again at
 * the next poll) and never touches full-text indexing: search works without vectors meanwhile.
 * A batch the model refuses (HTTP 400/413/422) is retried text by text, and a text it refuses
 * alone is marked and not asked again.
 */
export function createEmbeddingWorker(deps: EmbeddingWorkerDeps) {
  const { db, embedder } = deps;
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  async function embedBatch(batch: PendingPassage[]): Promise<void> {
    try {
      const vectors = await embedder.embed(batch.map((p) => p.text));
      await repo.store(db, embedder.model, batch.map((p, i) => ({ id: p.id, vector: vectors[i]! })), deps.pgvector);
    } catch (error) {
      if (!(error instanceof EmbeddingRefused) || batch.length === 1) {
        if (error instanceof EmbeddingRefused) return repo.store(db, embedder.model, [{ id: batch[0]!.id, vector: null }], deps.pgvector);
        throw error;
      }
      for (const passage of batch) await embedBatch([passage]);
    }
  }

  async function round(): Promise<void> {
    try {
      while (!stopped) {
        const batch = await repo.pending(db, embedder.model, EMBEDDING_BATCH, EMBEDDING_INPUT_CHARS);
        if (batch.length === 0) break;
        await embedBatch(batch);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      deps.onError?.(`embedding passages paused until the next try: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  function pump() {
    if (stopped || running) return;
    running = true;
    void round();
  }

  return {
    start(): void {
      timer = setInterval(pump, deps.pollMs ?? POLL_MS);
      timer.unref();
      pump();
    },
    /** Passages were indexed: look at the queue now. */
    nudge: pump,
    /** Resolves once a round has ended with the queue empty or the model failing. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        if (!running) pump();
      });
    },
    stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      return new Promise((resolve) => {
        if (!running) resolve();
        else idleWaiters.push(resolve);
      });
    },
  };
}

export type EmbeddingWorker = ReturnType<typeof createEmbeddingWorker>;
