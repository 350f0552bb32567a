import type { Readable } from 'node:stream';
import { readableKind } from '../../adapters/extraction/kind';
import type { ExtractionPool } from '../../adapters/extraction/pool';
import { isDatabaseUnavailable, type Db } from '../../db/database';
import { resourceErrorOf } from '../../lib/resource-errors';
import { indexFailureSentence, MISSING_OBJECT, noTextSentence, TOO_MANY_ATTEMPTS } from './index-failures';
import { searchRepository as repo, type ClaimedFile } from './search.repository';

export interface IndexerDeps {
  db: Db;
  /** The extraction pool: files are read and cut into passages in its worker processes only. */
  extraction: Pick<ExtractionPool, 'extract' | 'limits'> & Partial<Pick<ExtractionPool, 'readsPictures'>>;
  /** Opens a file's bytes (the files module's openFile). */
  open(file: { objectPath: string }): Promise<Readable>;
  /** SEARCH_LANGUAGE: the text-search configuration passages are made with. */
  language: string;
  /** Files indexed at once (each takes one extraction worker while it is read). */
  concurrency: number;
  /** How often the queue is looked at when nothing nudged it. */
  pollMs?: number;
  onError?(message: string): void;
  /** A file's passages were stored (the embedding worker looks at its queue). */
  onIndexed?(): void;
}

/**
 * The background indexer. The queue is the files table itself (index_status = 'pending'), so it
 * survives a restart: a file caught mid-run goes back to pending at start, and every file that
 * was never indexed (the backfill) is simply pending. A file is claimed, read into passages by an
 * extraction worker (never in this process), and its passages written in one transaction. Nothing
 * here runs on a request's path: an upload only nudges the loop.
 */
export function createIndexer(deps: IndexerDeps) {
  const { db } = deps;
  let running = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];
  /** Files a server fault left claimed whose return to the queue failed too (a full disk): retried first. */
  const stranded = new Set<string>();

  /**
   * The server's fault, not the file's: the disk is full (the passages could not be written) or
   * the database is not answering. The file goes back to the queue uncounted and the lane stops
   * until the next poll, instead of failing the file for good (issue 47).
   */
  const isServerFault = (error: unknown) => resourceErrorOf(error) !== undefined || isDatabaseUnavailable(error);

  async function requeueStranded() {
    for (const fileId of [...stranded]) {
      await repo.finish(db, fileId, 'pending', null);
      stranded.delete(fileId);
    }
  }

  async function indexOne(file: ClaimedFile): Promise<void> {
    // Pictures of pages are read by OCR when it is on; other pictures (and every one with OCR off) are not searched.
    const kind = readableKind(file.mimeType, file.originalName, deps.extraction.readsPictures ?? false);
    if (!kind) return repo.finish(db, file.id, 'unsupported', null);
    if (file.size > deps.extraction.limits.maxInputBytes) {
      return repo.finish(db, file.id, 'failed', indexFailureSentence({ reason: 'too_large', limit: deps.extraction.limits.maxInputBytes }));
    }
    let result;
    try {
      result = await deps.extraction.extract({ kind, maxChars: deps.extraction.limits.maxChars, output: 'passages', open: () => deps.open(file) });
    } catch {
      return repo.finish(db, file.id, 'failed', MISSING_OBJECT);
    }
    // Shutting down: the pool was closed under this run, which says nothing about the file. It
    // stays 'indexing' and is resumed at the next start.
    if (stopped) return;
    if (!result.ok) {
      // Busy: the pool's queue is full of chat attachments; the file waits for the next round.
      if (result.reason === 'busy') return repo.finish(db, file.id, 'pending', null);
      // The reader crashed or ran out of time on this file: maybe the file, maybe a machine under
      // load. Counted, and tried again until the limit (search.repository.ts).
      if (result.reason === 'crashed') return repo.recordReaderFailure(db, file.id, TOO_MANY_ATTEMPTS);
      if (result.reason === 'timeout') return repo.recordReaderFailure(db, file.id, indexFailureSentence(result));
      return repo.finish(db, file.id, 'failed', indexFailureSentence(result));
    }
    const drafts = result.passages ?? [];
    if (drafts.length === 0) return repo.finish(db, file.id, 'failed', noTextSentence(kind, deps.extraction.readsPictures ?? false, result.note));
    // A note (scanned pages past OCR's caps) is kept with the indexed file, for the file manager.
    if (await repo.storePassages(db, file.id, deps.language, drafts, result.note ?? null)) deps.onIndexed?.();
  }

  /** One lane: claims and indexes files until the queue is empty. At most `concurrency` lanes run. */
  async function lane() {
    try {
      await requeueStranded();
      while (!stopped) {
        const file = await repo.claimNext(db);
        if (!file) break;
        try {
          await indexOne(file);
        } catch (error) {
          if (isServerFault(error)) {
            deps.onError?.(`indexing file ${file.id} waits: ${error instanceof Error ? error.message : String(error)}`);
            await repo.finish(db, file.id, 'pending', null).catch(() => stranded.add(file.id));
            break;
          }
          deps.onError?.(`indexing file ${file.id} failed: ${error instanceof Error ? error.message : String(error)}`);
          await repo.finish(db, file.id, 'failed', 'This file could not be indexed.').catch(() => undefined);
        }
        // A turn for the event loop between files. PGlite answers through promises alone, so a run
        // of files that fail at once (bytes gone, unsupported) never reached a timer or a socket:
        // a Genie with 100,000 such files did not start (indexer.test.ts).
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      deps.onError?.(`indexing stopped: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running--;
      if (running === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const wake of waiters) wake();
      }
    }
  }

  function pump() {
    if (stopped || running >= deps.concurrency) return;
    running++;
    void lane();
  }

  return {
    /** Puts interrupted work back in the queue and starts the loop (and its poll). */
    async start(): Promise<void> {
      await repo.resumeInterrupted(db);
      await repo.requeueOtherLanguage(db, deps.language);
      timer = setInterval(pump, deps.pollMs ?? 5000);
      timer.unref();
      pump();
    },
    /** Something was uploaded: look at the queue now. */
    nudge(): void {
      for (let i = 0; i < deps.concurrency; i++) pump();
    },
    /** Resolves once the loop finds the queue empty (tests and the benchmark wait on it). */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        for (let i = 0; i < deps.concurrency; i++) pump();
        if (running === 0) resolve();
      });
    },
    /**
     * Stops claiming. Resolves when the runs in progress have ended; close the extraction pool
     * meanwhile so they end at once (their files are resumed at the next start).
     */
    stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      return new Promise((resolve) => {
        if (running === 0) resolve();
        else idleWaiters.push(resolve);
      });
    },
  };
}

export type Indexer = ReturnType<typeof createIndexer>;
