import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { checkpointAndClose, createPgliteClient, DatabaseOpenError } from './pglite-client';
import { NamedStatements, shapeNameOf } from './pglite-named-statements';
import { sendableError, type WorkerAnswer, type WorkerRequest } from './pglite-protocol';
import { DEFAULT_WAL_CHECKPOINTS, roomToCheckpoint, startWalCheckpoints, type WalCheckpointOptions } from './wal-checkpoints';

/**
 * The embedded database's thread (started by pglite-remote.ts). PGlite runs PostgreSQL compiled
 * to WebAssembly, synchronously, in the thread that calls it: in the server's thread, each
 * statement held up every other request and every streamed reply (issue 19: 20 chats at once
 * entered one after another, ~1.4 ms apart, behind each one's statement). Here the statements run
 * beside the server's thread, still one at a time, in the order they were sent.
 */

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-remote.ts).');
const send = (answer: WorkerAnswer) => port.postMessage(answer);
const { dataDir, wal } = workerData as { dataDir: string; wal?: Partial<WalCheckpointOptions> };

/** Open transactions by id, and how to end each: resolve commits, reject rolls back. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean, endId: number) => void }>();
const ENDED = 'The transaction has already ended.';
/** Thrown inside a transaction to make PGlite roll it back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

async function answer(id: number, work: () => Promise<unknown>) {
  try {
    send({ kind: 'result', id, result: await work() });
  } catch (error) {
    send({ kind: 'error', id, error: sendableError(error) });
  }
}

try {
  const client = await createPgliteClient(dataDir);
  const named = new NamedStatements(client);
  let closing: Promise<void> | undefined;
  // Checkpoints while running, so pg_wal stays small (wal-checkpoints.ts); the last one is at close.
  const dbDir = join(dataDir, 'pglite');
  const stopCheckpoints = startWalCheckpoints(
    dbDir,
    () => client.query('CHECKPOINT'),
    { ...DEFAULT_WAL_CHECKPOINTS, ...wal },
    (error) => console.error(`The embedded database could not checkpoint: ${error instanceof Error ? error.message : String(error)}`),
  );

  function begin(id: number) {
    let endId = -1;
    let started = false;
    client
      .transaction(async (tx) => {
        const ended = new Promise<void>((resolve, reject) => {
          open.set(id, {
            tx,
            end: (commit, endRequest) => {
              endId = endRequest;
              if (commit) resolve();
              else reject(ROLLBACK);
            },
          });
        });
        started = true;
        send({ kind: 'result', id, result: id });
        await ended;
      })
      .then(
        () => send({ kind: 'result', id: endId, result: null }),
        (error: unknown) => {
          if (!started) send({ kind: 'error', id, error: sendableError(error) });
          else if (error === ROLLBACK) send({ kind: 'result', id: endId, result: null });
          else send({ kind: 'error', id: endId, error: sendableError(error) });
        },
      )
      .finally(() => open.delete(id));
  }

  port.on('message', (request: WorkerRequest) => {
    switch (request.kind) {
      case 'query': {
        const { txId, sql, params, options } = request;
        const target = txId === undefined ? client : open.get(txId)?.tx;
        // A statement that names its shape runs as a named statement, outside a transaction (a
        // transaction's statements keep PGlite's own path: they are not the hot ones).
        const name = txId === undefined ? shapeNameOf(sql) : undefined;
        void answer(request.id, async () => {
          if (!target) throw new Error(ENDED);
          return name ? named.run(name, sql, params, options) : target.query(sql, params, options);
        });
        return;
      }
      case 'begin':
        begin(request.id);
        return;
      case 'end': {
        const transaction = open.get(request.txId);
        if (transaction) transaction.end(request.commit, request.id);
        else send({ kind: 'error', id: request.id, error: sendableError(new Error(ENDED)) });
        return;
      }
      case 'dump':
        // A checkpoint first (when the disk has room for one), so the copy needs little WAL replay; dumpDataDir then copies the
        // directory between two statements (PGlite's own query lock): what a crash at that moment
        // would leave, which PostgreSQL recovers to every committed transaction.
        void answer(request.id, async () => {
          if (roomToCheckpoint(dbDir)) await client.query('CHECKPOINT');
          const dump = await client.dumpDataDir('gzip');
          return new Uint8Array(await dump.arrayBuffer());
        });
        return;
      case 'close':
        closing ??= stopCheckpoints().then(() => checkpointAndClose(client, dbDir));
        void answer(request.id, () => closing!.then(() => null)).then(() => port.close());
        return;
    }
  });
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error), unreadable: error instanceof DatabaseOpenError });
  port.close();
}
