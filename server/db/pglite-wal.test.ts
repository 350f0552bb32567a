import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite';

/**
 * The embedded database's write-ahead log stays bounded (issue 47: 16 MB grew to 1.6 GB in a
 * 20-minute soak). PGlite runs PostgreSQL in single-user mode, where nothing checkpoints on its
 * own, and a checkpoint kept up to max_wal_size (1 GB) of old segments for reuse.
 */

const MB = 1024 * 1024;
/** The bytes of WAL segments in pg_wal (not its status files). */
function walBytes(dbDir: string) {
  const dir = join(dbDir, 'pg_wal');
  return readdirSync(dir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .reduce((total, name) => total + statSync(join(dir, name)).size, 0);
}

async function writeWal(execute: (query: ReturnType<typeof sql>) => Promise<unknown>) {
  // About 150 MB of WAL: rows written and deleted again, so the table itself stays small.
  for (let round = 0; round < 6; round++) {
    await execute(sql`insert into soak (body) select repeat(md5(g::text), 30) from generate_series(1, 20000) g`);
    await execute(sql`delete from soak`);
  }
}

describe('the embedded database checkpoints its WAL', () => {
  const root = mkdtempSync(join(tmpdir(), 'genie-wal-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('checkpoints while running once pg_wal passes its limit, and leaves little WAL after a clean stop', async () => {
    const dataDir = join(root, 'data');
    const dbDir = join(dataDir, 'pglite');
    // A short check interval stands in for the minutes a server waits between checks.
    const database = await openPglite(dataDir, { walCheckMs: 200 });
    try {
      const execute = (query: ReturnType<typeof sql>) => database.db.execute(query);
      await execute(sql`create table soak (id serial primary key, body text not null)`);
      await writeWal(execute);
      // Whatever it reached while writing, a check brings it back under the limit without a stop.
      const deadline = Date.now() + 15_000;
      while (walBytes(dbDir) > 64 * MB && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(walBytes(dbDir)).toBeLessThanOrEqual(64 * MB);
      await writeWal(execute);
    } finally {
      await database.close();
    }
    // Two 16 MB segments kept for reuse (min_wal_size), nothing more.
    expect(walBytes(dbDir)).toBeLessThanOrEqual(32 * MB);

    // And the data is all there when it opens again.
    const again = await openPglite(dataDir);
    try {
      const rows = (await again.db.execute(sql`select count(*)::int as n from soak`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows).toEqual([{ n: 0 }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
