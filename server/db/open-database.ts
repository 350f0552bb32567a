import type { Database } from './database';
import { openPglite } from './pglite';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  const { databaseUrl, onPoolError } = options;
  // The PostgreSQL driver loads only when it is used (~15 MB resident an embedded Genie never needs).
  return databaseUrl ? import('./postgres').then(({ openPostgres }) => openPostgres(databaseUrl, { onPoolError })) : openPglite(options.dataDir);
}
