import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';

// Any fixed number shared by every Genie process: only one of them migrates at a time.
const MIGRATION_LOCK_KEY = 727_243_601;

export interface PostgresOptions {
  max?: number;
  onPoolError?: (error: Error) => void;
}

/** Connects to PostgreSQL and applies pending migrations under an advisory lock. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection lost (a database restart, pg_terminate_backend, a proxy's timeout) must never end
  // the process. pg reports it as an 'error' event, and an 'error' event nobody listens to kills
  // Node. The pool listens only while a client is idle in it; a client a request holds (inside a
  // transaction, or between a failed statement and its release) would have no listener at all.
  // So every client gets one for its whole life: the request that used it gets its own error
  // from the failed statement (a 503), and the pool drops the broken client when it is released
  // (pg-pool discards a client that is no longer queryable) and connects a fresh one next time.
  pool.on('error', (error) => options.onPoolError?.(error));
  // Silent: an idle client's loss is reported once, by the pool's handler above, and a held
  // client's by the request whose statement fails (logged as "database unavailable").
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzle({ client: pool }) as unknown as Db; // NodePgDatabase is a PgDatabase with pg's result type.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client: lockClient }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
