/**
 * The messages between the server's thread and the worker thread that runs the embedded database
 * (pglite-remote.ts and pglite-worker.ts). Each request carries an id its answer repeats.
 */

/** The query options that cross the thread: Drizzle's parsers are the worker's client's own already. */
export interface RemoteQueryOptions {
  rowMode?: 'array' | 'object';
}

export type WorkerRequest =
  | { kind: 'query'; id: number; txId?: number; sql: string; params: unknown[]; options?: RemoteQueryOptions }
  /** Opens a transaction; its id is this request's id. Other statements wait until it ends, as in PGlite itself. */
  | { kind: 'begin'; id: number }
  | { kind: 'end'; id: number; txId: number; commit: boolean }
  /** A consistent copy of the data directory (PGlite's dumpDataDir, gzipped tar), for backups (issue 47). */
  | { kind: 'dump'; id: number }
  | { kind: 'close'; id: number };

export type WorkerAnswer =
  | { kind: 'ready' }
  /** Opening failed: `unreadable` when the directory exists but will not open (DatabaseOpenError). */
  | { kind: 'failed'; message: string; unreadable: boolean }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: SentError };

/** An error as it crosses the thread: postMessage keeps only an Error's message, and callers read PostgreSQL's fields (code, constraint). */
export interface SentError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SentError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function receivedError(sent: SentError): Error {
  const error = Object.assign(new Error(sent.message), sent.fields);
  error.name = sent.name;
  return error;
}
