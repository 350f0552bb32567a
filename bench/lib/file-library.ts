import { sql } from 'drizzle-orm';
import { openPglite } from '../../server/db/pglite';
import { spawnGenie, stopGenie } from '../../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp } from '../../tests/reliability/support/http';

/**
 * A compiled Genie's data directory (`env.DATA_DIR`, PGlite) with one user who has `files` files
 * at their Home, newest first, a second apart: Genie signs the user up, is stopped, and the rows
 * go straight into its database. Says the user's session cookie. The files are already indexed,
 * as a library at rest is: seeded as waiting, their objects (which do not exist) would keep the
 * search indexer failing through them in Genie's process, and the page would poll for their index
 * state every 2 s.
 */
export async function seedFileLibrary(env: Record<string, string> & { DATA_DIR: string }, files: number, accountName: string): Promise<string> {
  const genie = spawnGenie(env, 180_000, { compiled: true });
  const account = newAccount(accountName);
  const cookie = await signUpOverHttp(await genie.ready, account);
  await stopGenie(genie);
  const database = await openPglite(env.DATA_DIR);
  try {
    await database.db.execute(sql`
      insert into files (user_id, folder_id, original_name, stored_name, mime_type, category, size, object_path, uploaded_at, index_status)
      select u.id, null, 'report-' || g || '.pdf', 'obj-' || g, 'application/pdf', 'document', 1000 + g,
             'users/' || u.id || '/bench-' || g, now() - g * interval '1 second', 'indexed'
      from generate_series(0, ${files - 1}) g, (select id from users where email = ${account.email}) u`);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return cookie;
}
