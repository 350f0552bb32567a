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
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
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
