import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER } from '../../server/db/migrations-folder';
import { openPostgres } from '../../server/db/postgres';
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-client';
import { FILE_DB_PREFIX, TEMPLATE_DB, withDatabase } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateTar: string;
  }
}

/**
 * Migrates once per run: a PGlite data directory dumped to a tarball that each test file loads
 * in memory, and on PostgreSQL a template database each test file clones.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const dir = await mkdtemp(join(tmpdir(), 'genie-test-'));
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Only this checkout's leftovers: another checkout's run may be using its databases right now.
    const stale = await admin.query<{ datname: string }>('select datname from pg_database where left(datname, length($1)) = $1', [FILE_DB_PREFIX]);
    for (const row of stale.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const template = await openPostgres(withDatabase(url, TEMPLATE_DB), { max: 1 });
    await template.close();
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const tar = join(dir, 'template.tar');
  const dump = await client.dumpDataDir('none');
  await writeFile(tar, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplateTar', tar);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
