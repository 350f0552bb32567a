import { EmbeddingRefused, type Embedder } from '../../adapters/llm/embeddings';
import type { Db } from '../../db/database';
import { embeddingsRepository as repo, type PendingPassage } from './embeddings.repository';

/** Passages sent to the model in one request. */
export const EMBEDDING_BATCH = 16;
/** How often the queue is looked at when nothing nudged it, and after the model failed. */
const POLL_MS = 30_000;

export interface EmbeddingWorkerDeps {
  db: Db;
  embedder: Embedder;
  pgvector: boolean;
  /** Characters of file name, heading and passage the model is given (GENIE_EMBEDDING_MAX_CHARS). */
  maxChars: number;
  pollMs?: number;
  onError?(message: string): void;
}

/**
 * Gives indexed passages their vectors, in the background, one batch at a time. The queue is the
 * passages without a vector from the current model, so it is resumable (a restart carries on) and
 * a change of GENIE_EMBEDDING_MODEL re-embeds. A failed request ends the round (tried again at
 * the next poll) and never touches full-text indexing: search works without vectors meanwhile.
 * A failed batch is retried text by text, so one passage the model cannot take (too long for its
 * context) does not hold up the queue: it is marked and not asked again.
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
      return;
    } catch (error) {
      if (batch.length === 1) {
        if (error instanceof EmbeddingRefused) return repo.store(db, embedder.model, [{ id: batch[0]!.id, vector: null }], deps.pgvector);
        throw error;
      }
    }
    // One text may be what failed the batch (too long for the model's context: llama.cpp answers
    // that with a 500). Text by text: when some succeed, the model is up and the others are
    // refused for good; when every one fails, the model is down and the round pauses.
    const failed: { passage: PendingPassage; error: unknown }[] = [];
    for (const passage of batch) {
      try {
        const [vector] = await embedder.embed([passage.text]);
        await repo.store(db, embedder.model, [{ id: passage.id, vector: vector! }], deps.pgvector);
      } catch (error) {
        failed.push({ passage, error });
      }
    }
    const modelDown = failed.length === batch.length && !failed.every((f) => f.error instanceof EmbeddingRefused);
    if (modelDown) throw failed[0]!.error;
    await repo.store(db, embedder.model, failed.map((f) => ({ id: f.passage.id, vector: null })), deps.pgvector);
  }

  async function round(): Promise<void> {
    try {
      while (!stopped) {
        const batch = await repo.pending(db, embedder.model, EMBEDDING_BATCH, deps.maxChars);
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
