import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Db } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-client';
import { DRIZZLE_PARSERS, forDrizzle } from '../../server/db/pglite-query-options';
import { MIGRATIONS_FOLDER } from '../../server/db/migrations-folder';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** DATABASE_URL's own database: runs against different databases of one server (parallel checkouts) share nothing. */
const RUN_KEY = (process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : 'test').replace(/[^a-z0-9_]/gi, '_');

/**
 * The migrated template that each PostgreSQL test file clones. Not `genie_t…`: older setups swept
 * `like 'genie_t_%'`, whose `_` matches any character, and would drop it from under this run.
 */
export const TEMPLATE_DB = `genie_api_template_${RUN_KEY}`;

/** Each test file's own database is this prefix and a random suffix; a run sweeps only its own leftovers. */
export const FILE_DB_PREFIX = `genie_api_${RUN_KEY}_`;

/** Admin connection string: the same server as DATABASE_URL, database `postgres`... or the URL's own. */
export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: a copy of the run's PGlite template loaded in
 * memory, or a new PostgreSQL database cloned from the template when DATABASE_URL is set.
 */
export async function openTestDatabase(templateTarPath: string | undefined): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `${FILE_DB_PREFIX}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    const database = await openPostgres(withDatabase(url, name), { max: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
        await dropper.end();
      },
    };
  }
  const loadDataDir = templateTarPath ? new Blob([await readFile(templateTarPath)]) : undefined;
  const client = await PGlite.create({ loadDataDir, extensions: PGLITE_EXTENSIONS, parsers: DRIZZLE_PARSERS });
  if (!loadDataDir) await migrate(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: 'pglite',
    db: drizzlePglite({ client: forDrizzle(client) }) as unknown as Db, // as the server opens it (server/db/pglite.ts)
    ping: async () => !client.closed,
    close: () => client.close(),
  };
}
