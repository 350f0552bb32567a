import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, Db } from './database';
import { RemotePglite } from './pglite-remote';

/**
 * Opens (creating on first start) the embedded database under DATA_DIR/pglite, in a worker thread
 * of its own (pglite-remote.ts): its statements run beside the server's requests, not in their
 * thread.
 */
export async function openPglite(dataDir: string, options: { walCheckMs?: number } = {}): Promise<Database> {
  const release = acquireDataDirLock(dataDir);
  let client: RemotePglite;
  try {
    client = await RemotePglite.open(dataDir, options.walCheckMs === undefined ? undefined : { checkMs: options.walCheckMs });
  } catch (error) {
    release();
    throw error;
  }
  // Drizzle's PGlite driver calls only `query` and `transaction`, which RemotePglite answers as PGlite would.
  const db = drizzle({ client: client as unknown as PGlite }) as unknown as Db; // PgliteDatabase is a PgDatabase with PGlite's result type.
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db,
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    dump: () => client.dump(),
    close() {
      closing ??= client.close().finally(release);
      return closing;
    },
  };
}
