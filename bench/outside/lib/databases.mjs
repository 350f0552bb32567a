// The databases a figure runs on: PGlite in a fresh DATA_DIR always, PostgreSQL when DATABASE_URL
// is set, in a fresh database of its own (created beside the one named, dropped afterwards) so the
// bench neither reads nor disturbs what other users of that server keep there.
import pg from 'pg';

/** [{ label, url, drop }]: the databases to measure on; `url` '' is PGlite. */
export async function databases() {
  const list = [{ label: 'PGlite', url: '', drop: async () => undefined }];
  const base = process.env.DATABASE_URL;
  if (!base) return list;
  const name = `genie_outside_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  list.push({
    label: 'PostgreSQL',
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  });
  return list;
}
