import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { PGLITE_EXTENSIONS } from './pglite-client';
import { DRIZZLE_PARSERS, forDrizzle } from './pglite-query-options';

/**
 * An in-memory PGlite, in the caller's thread, for benchmarks that want no directory at all. Kept
 * apart from pglite.ts so the server's own thread never loads PGlite: on disk it runs in the
 * database's worker thread.
 */
export async function openMemoryPglite(): Promise<Database> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, parsers: DRIZZLE_PARSERS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: 'pglite',
    db: drizzle({ client: forDrizzle(client) }) as unknown as Db,
    ping: async () => !client.closed,
    close: () => client.close(),
  };
}
