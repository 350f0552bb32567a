/**
 * #3 File listing and search for one user with 100,000 files (100 folders of 1,000 files, on the
 * embedded PGlite): GET /api/files?folderId=… (its first page, and its tenth through the cursor)
 * and GET /api/files?search=… against the repository's own queries run directly on a copy of the
 * same database (same engine, no HTTP, no JSON), the two timed in alternation.
 */
import { cpSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { FILE_PAGE_SIZE } from '@contract/files';
import type { Database } from '../server/db/database';
import { openPglite } from '../server/db/pglite';
import { currentMember } from '../server/modules/files/file-access';
import { filesRepository as repo } from '../server/modules/files/files.repository';
import { decodeFileCursor } from '../server/modules/files/list-cursor';
import { spawnGenie, tempDir, type GenieProcess } from '../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { median, report, round, scaled } from './lib/report';

const FILES = scaled(100_000, 10_000);
// Every folder holds 1,000 files (ten pages), quick or not: the tenth page needs them.
const FOLDERS = scaled(100, 10);
const RUNS = 30;
const SEARCH = 'report-4242';

const work = tempDir('genie-bench-files-');
const dataDir = join(work.dir, 'data');
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'error' };

async function stopped(genie: GenieProcess) {
  genie.kill('SIGTERM');
  await genie.exited;
}

/** Medians of a request and its bare queries timed in alternation, so load from other work lands on both alike. */
async function pairedMedians(api: () => Promise<unknown>, bare: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) {
    await api(); // both warm up alike (PGlite is WebAssembly: it speeds up as it runs)
    await bare();
  }
  const apiTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let started = performance.now();
    await api();
    apiTimes.push(performance.now() - started);
    started = performance.now();
    await bare();
    bareTimes.push(performance.now() - started);
  }
  return { api: median(apiTimes), bare: median(bareTimes) };
}

try {
  // A real account (signed up through the API), then the files seeded straight into its database,
  // as a library that has been indexed: the search indexer is not what this figure measures (the
  // baseline's copy has none running), and these files have no bytes to read.
  const first = spawnGenie(env);
  const account = newAccount('benchfiles');
  const cookie = await signUpOverHttp(await first.ready, account);
  await stopped(first);

  const database = await openPglite(dataDir);
  let folderId = '';
  let userId = '';
  try {
    const db = database.db;
    userId = ((await db.execute(sql`select id from users where email = ${account.email}`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await db.execute(sql`insert into folders (user_id, name) select ${userId}::uuid, 'folder-' || lpad(g::text, 3, '0') from generate_series(0, ${FOLDERS - 1}) g`);
    await db.execute(sql`
      insert into files (user_id, folder_id, original_name, stored_name, mime_type, category, size, object_path, uploaded_at, index_status)
      select ${userId}::uuid, f.id, 'report-' || g || '.pdf', 'obj-' || g, 'application/pdf', 'document', 1000 + g,
             'users/' || ${userId} || '/bench-' || g, now() - g * interval '1 second', 'indexed'
      from generate_series(0, ${FILES - 1}) g
      join (select id, (row_number() over (order by name) - 1)::int as n from folders where user_id = ${userId}::uuid) f on f.n = g % ${FOLDERS}`);
    await db.execute(sql`analyze`);
    folderId = ((await db.execute(sql`select id from folders where user_id = ${userId}::uuid order by name limit 1`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;

  } finally {
    await database.close();
  }

  // The bare queries run on a copy: one data directory is never opened by two processes.
  const copyDir = join(work.dir, 'copy');
  cpSync(dataDir, copyDir, { recursive: true, filter: (path) => basename(path) !== 'genie.lock' });

  const genie = spawnGenie(env);
  let direct: Database | undefined;
  try {
    direct = await openPglite(copyDir);
    const db = direct.db;
    const url = await genie.ready;
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as { files: unknown[]; nextCursor: string | null };
    };
    const listPath = `/api/files?folderId=${folderId}`;
    const searchPath = `/api/files?search=${SEARCH}`;
    // The cursor of the tenth page: the server has to skip nothing to reach it (keyset).
    let tenthCursor = '';
    for (let page = 1; page < 10; page++) tenthCursor = (await get(tenthCursor ? `${listPath}&cursor=${encodeURIComponent(tenthCursor)}` : listPath)).nextCursor!;
    const tenthPath = `${listPath}&cursor=${encodeURIComponent(tenthCursor)}`;
    const listed = await get(listPath);
    const tenth = await get(tenthPath);
    const found = await get(searchPath);

    // What the service runs for each request (files-folders.service.ts list).
    const listing = (cursor: string | null) =>
      Promise.all([
        currentMember(db, userId),
        repo.findFolder(db, userId, folderId),
        cursor ? [] : repo.listFolders(db, userId, 'private', folderId),
        repo.listFiles(db, userId, 'private', folderId, cursor ? decodeFileCursor(cursor) : null, FILE_PAGE_SIZE),
      ]);
    const searching = () => Promise.all([currentMember(db, userId), repo.searchFolders(db, userId, 'private', SEARCH, 200), repo.searchFiles(db, userId, 'private', SEARCH, null, FILE_PAGE_SIZE)]);
    const first = await pairedMedians(() => get(listPath), () => listing(null));
    const later = await pairedMedians(() => get(tenthPath), () => listing(tenthCursor));
    const search = await pairedMedians(() => get(searchPath), searching);

    for (const [name, api, bare, rows] of [
      [`listing a folder of ${FILES / FOLDERS} files, first page`, first.api, first.bare, listed.files.length],
      [`listing a folder of ${FILES / FOLDERS} files, tenth page by cursor`, later.api, later.bare, tenth.files.length],
      [`search "${SEARCH}" across ${FILES} files`, search.api, search.bare, found.files.length],
    ] as const) {
      const ratio = api / bare;
      report({
        figure: `#3 ${name} (${rows} rows returned), median of ${RUNS}`,
        baseline: `${round(bare, 1)} ms (the repository's queries directly on a copy, PGlite, timed in alternation)`,
        measured: `${round(api, 1)} ms (GET /api/files over HTTP)`,
        ratio: round(ratio),
        target: '< 2x the SQL and < 20 ms median',
        met: ratio < 2 && api < 20,
        gap:
          'Listing pages by keyset (100 files after an opaque cursor, files_user_folder_uploaded_idx) and search uses the pg_trgm GIN index, ' +
          'so the SQL takes a few milliseconds and the request\'s fixed cost (session, JSON both ways, HTTP: about 3 ms here) weighs as much: ' +
          'the ratio nears 2 while the time stays far under 20 ms. A loaded machine moves it either way; compare runs on a quiet one.',
      });
    }
  } finally {
    await direct?.close();
    await stopped(genie);
  }
} finally {
  work.remove();
}
