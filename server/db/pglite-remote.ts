import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { siblingEntry } from '../lib/child-entry';
import { DatabaseOpenError } from './pglite-client';
import { receivedError, type RemoteQueryOptions, type WorkerAnswer, type WorkerRequest } from './pglite-protocol';
import { withoutDrizzleParsers } from './pglite-query-options';
import type { WalCheckpointOptions } from './wal-checkpoints';

/**
 * The embedded database as the server's thread sees it: PGlite's `query` and `transaction`, which
 * is all Drizzle's PGlite driver calls, sent to the worker thread that runs PGlite
 * (pglite-worker.ts). The server's thread only posts the statement and clones the rows back: a
 * statement that took 1-2 ms of its time takes well under 0.1 ms now, and a slow one (a search, the admin
 * console's totals) no longer stalls every other request and streamed reply while it runs.
 */

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
type QueryOptions = RemoteQueryOptions & { parsers?: Record<number, unknown> };

/** What Drizzle's PGlite driver needs of a transaction. */
interface RemoteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[] }>;
}

/** Run from source (tests, `npm run serve`): the worker loads tsx first, as a child process would with `--import tsx`. */
const TSX_BOOTSTRAP = `
  const { workerData } = require('node:worker_threads');
  import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });
`;

/** Only options a thread can receive: Drizzle's parsers are the worker's client's own already (pglite-query-options.ts). */
function sendableOptions(options: QueryOptions | undefined): RemoteQueryOptions | undefined {
  const rest = withoutDrizzleParsers(options as Parameters<typeof withoutDrizzleParsers>[0]);
  if (rest?.parsers) throw new Error("Per-query parsers other than Drizzle's cannot reach the database's thread.");
  return rest as RemoteQueryOptions | undefined;
}

export class RemotePglite {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private gone: Error | undefined;
  private closing: Promise<void> | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.kind !== 'result' && answer.kind !== 'error') return;
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (answer.kind === 'result') waiter.resolve(answer.result);
      else waiter.reject(receivedError(answer.error));
    });
    worker.on('error', (error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', () => this.fail(new Error('The embedded database has stopped.')));
  }

  /** Starts the worker on DATA_DIR (whose lock the caller holds) and waits until the database is open and migrated. */
  static async open(dataDir: string, wal?: Partial<WalCheckpointOptions>): Promise<RemotePglite> {
    const entry = siblingEntry(import.meta.url, 'pglite-worker');
    const fromSource = fileURLToPath(entry).endsWith('.ts');
    // A small young generation: the thread makes only short-lived rows, and V8's default let its
    // heap grow to 30 MB while migrating, kept afterwards (idle memory, issue 19).
    const options = { workerData: { entry: entry.href, dataDir, wal }, resourceLimits: { maxYoungGenerationSizeMb: 4 } };
    const worker = fromSource ? new Worker(TSX_BOOTSTRAP, { ...options, eval: true }) : new Worker(entry, options);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (answer: WorkerAnswer) => {
        if (answer.kind === 'ready') done(resolve);
        else if (answer.kind === 'failed') done(() => reject(answer.unreadable ? new DatabaseOpenError(answer.message) : new Error(answer.message)));
      };
      const onError = (error: unknown) => done(() => reject(error));
      const onExit = (code: number) => done(() => reject(new Error(`The embedded database's thread stopped while opening (exit code ${code}).`)));
      const done = (settle: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settle();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    return new RemotePglite(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<{ rows: T[] }> {
    return this.statement<T>(undefined, sql, params, options);
  }

  /** PGlite's transaction: every statement of `run` goes to the one the worker opened, and nothing else runs until it ends. */
  async transaction<R>(run: (tx: RemoteTransaction) => Promise<R>): Promise<R> {
    const txId = (await this.call({ kind: 'begin' })) as number;
    const tx: RemoteTransaction = {
      query: <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => this.statement<T>(txId, sql, params, options),
    };
    let result: R;
    try {
      result = await run(tx);
    } catch (error) {
      await this.call({ kind: 'end', txId, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ kind: 'end', txId, commit: true });
    return result;
  }

  /** The data directory as a gzipped tar (PGlite's dumpDataDir), consistent as of one moment between statements. */
  async dump(): Promise<Uint8Array> {
    return (await this.call({ kind: 'dump' })) as Uint8Array;
  }

  /** Checkpoints, closes the database and ends its thread; safe to call twice. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.gone) return;
      const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
      try {
        await this.call({ kind: 'close' });
      } finally {
        await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]);
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  /** One statement, in the transaction `txId` or on its own. */
  private statement<T>(txId: number | undefined, sql: string, params: unknown[], options: QueryOptions | undefined): Promise<{ rows: T[] }> {
    return this.call({ kind: 'query', txId, sql, params, options: sendableOptions(options) }) as Promise<{ rows: T[] }>;
  }

  private call(request: Request): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  /** The thread stopped: what waits, and whatever is asked from now on, fails as "unavailable" (a 503, database.ts). */
  private fail(cause: Error) {
    if (this.gone) return;
    // Not a close: an operator needs to know, since every request that reads data answers 503 from now on.
    if (!this.closing) console.error(`The embedded database stopped: ${cause.message}`);
    this.gone = Object.assign(new Error(`The embedded database is unavailable: ${cause.message}`), { code: '57P01' });
    for (const waiter of this.waiting.values()) waiter.reject(this.gone);
    this.waiting.clear();
  }
}
