import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { onPoolError: options.onPoolError })
    : openPglite(options.dataDir);
}
