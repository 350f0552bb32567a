/**
 * A library of N indexed files for bench/search-scale.bench.ts, grown in steps (1k → 10k → 100k)
 * in one database. The seeding is direct inserts into `files` and `passages` (not the indexer):
 * each new file gets three of the corpus's passages (Fastify's docs, cut and vectorised once by
 * the indexer's own code in retrieval-corpus.ts), the search vectors copied rather than computed
 * again, so 100,000 files take a minute or two rather than hours. The GIN index is dropped for the
 * bulk insert and built again in one pass (far faster than 300,000 inserts into it).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';

const PASSAGES_PER_FILE = 3;

/** Grows the user's library from `existing` to `total` files (copies numbered from `existing`+1); returns the passage count. */
export async function growLibrary(db: Db, userId: string, originalsFileCount: number, existing: number, total: number): Promise<number> {
  if (total > existing) {
    await db.execute(sql`drop index if exists passages_tsv_idx`);
    await db.execute(sql`
      insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path, index_status)
      select ${userId}::uuid, 'copy-' || g || '.md', 'c' || g, 'text/markdown', 'document', 1, '/objects/bench/copy/' || g, 'indexed'
      from generate_series(${existing - originalsFileCount + 1}::int, ${total - originalsFileCount}::int) g`);
    // The originals are the passages of the corpus's own files (not copies), numbered once.
    await db.execute(sql`
      with originals as (
             select row_number() over (order by p.id) - 1 as k, p.* from passages p join files f on f.id = p.file_id
             where f.original_name not like 'copy-%'),
           n as (select count(*) as total from originals),
           copies as (
             select substr(stored_name, 2)::int as j, id from files
             where original_name like 'copy-%' and substr(stored_name, 2)::int > ${existing - originalsFileCount}::int)
      insert into passages (file_id, ordinal, page, heading, char_start, char_end, body, language, tsv)
      select c.id, o.ordinal, o.page, o.heading, o.char_start, o.char_end, o.body, o.language, o.tsv
      from copies c cross join n cross join generate_series(0, ${PASSAGES_PER_FILE - 1}) s
      join originals o on o.k = (c.j * ${PASSAGES_PER_FILE} + s) % n.total`);
    await db.execute(sql`create index passages_tsv_idx on passages using gin (tsv) with (fastupdate = off)`);
    await db.execute(sql`analyze`);
  }
  const rows = (await db.execute(sql`select count(*)::int as total from passages`)) as unknown as { rows: { total: number }[] };
  return rows.rows[0]!.total;
}
