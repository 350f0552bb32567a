import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The Drizzle handle every repository takes: PGlite and PostgreSQL share one dialect. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of `db.execute(sql\`…\`)`: both drivers (node-postgres, PGlite) answer with `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /** Flushes and closes; safe to call twice. */
  close(): Promise<void>;
  /** The embedded database only: its data directory as a gzipped tar, for `npm run backup` (issue 47). */
  dump?(): Promise<Uint8Array>;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03']);

/** Whether an error means the database cannot be reached (503), not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (UNAVAILABLE_CODES.has(candidate.code) || candidate.code.startsWith('08'))) {
      return true;
    }
    if (typeof candidate.message === 'string' && /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
