import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../server/adapters/storage/local-disk-store';
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-client';
import type { Db } from '../../server/db/database';
import { ManualClock } from '../../server/lib/clock';
import { sweepOrphans } from '../../server/modules/files/orphan-sweep';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { putUpload, uploadFile } from './support/files';
import { newAccount, signUpOverHttp, waitFor } from './support/http';

/** Every file (not directory) under a directory, relative to it. */
function filesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(root, path));
    }
  };
  try {
    walk(root);
  } catch {
    // No objects directory yet: nothing stored.
  }
  return found;
}

describe('SIGKILL in the middle of an upload', () => {
  it('leaves no file record, nothing after the orphan sweep, and the same upload then succeeds', async () => {
    const data = tempDir('genie-rel-upload-');
    try {
      const genie = await startGenieProcess({ DATA_DIR: data.dir });
      const cookie = await signUpOverHttp(genie.url, newAccount('upload'));
      const urlResponse = await fetch(`${genie.url}/api/objects/upload`, { method: 'POST', headers: { cookie } });
      const { uploadURL } = (await urlResponse.json()) as { uploadURL: string };

      let written = 0;
      const put = putUpload(genie.url, uploadURL, 'text/plain', { size: 64 * 1024 * 1024, paceMs: 20, onProgress: (n) => (written = n) }).catch(
        (error: Error) => error,
      );
      await waitFor(() => written >= 8 * 1024 * 1024, 60_000, '8 MiB of the upload to be sent');
      genie.kill('SIGKILL');
      await genie.exited;
      expect(await put).toBeInstanceOf(Error);

      // Straight from the data directory, the server being dead: no record; then the sweep
      // (run as if two hours had passed, beyond its one-hour grace) leaves no bytes behind.
      const client = await PGlite.create({ dataDir: join(data.dir, 'pglite'), extensions: PGLITE_EXTENSIONS });
      try {
        const db = drizzle({ client }) as unknown as Db;
        expect((await client.query('select count(*)::int as n from files')).rows).toEqual([{ n: 0 }]);
        expect(filesUnder(join(data.dir, 'objects')).length).toBeGreaterThan(0); // the partial upload
        const clock = new ManualClock(new Date(Date.now() + 2 * 60 * 60 * 1000));
        await sweepOrphans({ db, store: new LocalDiskStore(join(data.dir, 'objects')), clock });
        expect(filesUnder(join(data.dir, 'objects'))).toEqual([]);
        await client.query('CHECKPOINT');
      } finally {
        await client.close();
      }

      const again = await startGenieProcess({ DATA_DIR: data.dir });
      try {
        const record = await uploadFile(again.url, cookie, 'notes.txt', { size: 16 * 1024 * 1024 });
        expect(record.size).toBe(16 * 1024 * 1024);
        const list = await fetch(`${again.url}/api/files`, { headers: { cookie } });
        const body = (await list.json()) as { files: { id: string }[] };
        expect(body.files.map((f) => f.id)).toEqual([record.id]);
      } finally {
        expect((await stopGenie(again)).code).toBe(0);
      }
    } finally {
      data.remove();
    }
  });
});
