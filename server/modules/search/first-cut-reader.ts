import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { files } from '../../db/schema/files';
import { passages } from '../../db/schema/passages';

/**
 * How the first cut (first-cut.ts) reads each level, so that a level most of the library matches
 * costs no more than a rare one (issue 48, "Search's tail at 100k files" in docs/decisions.md).
 *
 * Through the GIN index a level is a bitmap scan, and a bitmap is built whole before its first row
 * is read: the LIMIT stops the heap scan, never the index scan. For a level of common words (the
 * "any two" pairs of "test a route without starting an HTTP server…" match 183,647 of 300,000
 * passages) that bitmap took 360 ms to build for the 600 passages the cut keeps. Such a level is
 * better read by walking the passages in order (file, ordinal) and testing each: at a density of
 * 60% the cut is full after a thousand rows.
 *
 * Which way is chosen from the first SAMPLE_ROWS passages of that same walk: a level whose share
 * of them, scaled to WALK_ROWS, would fill what the cut still needs is walked (at most WALK_ROWS
 * passages, stopping once the cut is full); any other is read through the index, as before. A
 * walk that ends short (the sample misjudged the library's density) is completed through the
 * index, so the cut holds the same kind of passages either way: every match of the levels before
 * the last one it reaches, and any of the last one's matches, up to its size.
 */

/** Passages read to judge each level's density (the start of the walk). */
export const SAMPLE_ROWS = 400;
/** Passages a walk reads at most before the index is asked instead. */
export const WALK_ROWS = 3_600;

/** How a level was read: walked (and whether the walk alone filled it), or through the GIN index. */
export type LevelRead = 'walk' | 'index' | 'walk+index' | 'skipped';

export interface FirstCut {
  ids: string[];
  /** How each level was read ('skipped': the cut was full before it). */
  reads: LevelRead[];
}

/** The walk's order: a btree (passages_file_ordinal_idx) reads it with no sort, and it is stable from one statement to the next. */
const walked = (rows: number) => sql`(select p.id, p.file_id, p.tsv from ${passages} p order by p.file_id, p.ordinal limit ${rows})`;

/**
 * The first cut: at most `cutSize` passage ids of the files `allowed` lets the caller read,
 * `levels` (most words first) read in turn until it is full. Run it in a transaction with
 * `enable_seqscan` off (search.repository.ts): the index path must not become a sequential scan.
 */
export async function readFirstCut(tx: Db, allowed: SQL, levels: string[], cutSize: number): Promise<FirstCut> {
  // The library's size (counted up to WALK_ROWS) and, when it is no smaller, the sample: one statement.
  const [probe] = rowsOf<Record<string, number>>(
    await tx.execute(sql`
      with size as materialized (select count(*)::int as n from (select 1 from ${passages} limit ${WALK_ROWS}) x)
      select size.n as size, sample.* from size left join lateral (
        select ${sql.join(
          levels.map((level, i) => sql`(count(*) filter (where ${allowed} and s.tsv @@ ${level}::tsquery))::int as ${sql.identifier(`l${i}`)}`),
          sql`, `,
        )}
        from ${walked(SAMPLE_ROWS)} s join ${files} on ${files.id} = s.file_id
        where size.n >= ${WALK_ROWS}) sample on true`),
  );
  if ((probe?.size ?? 0) < WALK_ROWS) {
    // A library of fewer than WALK_ROWS passages is read through the index alone, in one
    // statement: its bitmaps are small, and a walk that ended short of a full cut would have read
    // all of it for nothing.
    const found = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select distinct id from (${sql.join(
          levels.map((level) => sql`(select p.id from ${passages} p join ${files} on ${files.id} = p.file_id where ${allowed} and p.tsv @@ ${level}::tsquery)`),
          sql` union all `,
        )} limit ${cutSize}) c`),
    );
    return { ids: found.map((r) => r.id), reads: levels.map(() => 'index') };
  }
  const inSample = probe!;
  const cut = new Set<string>();
  const reads: LevelRead[] = [];
  for (const [i, level] of levels.entries()) {
    const needed = cutSize - cut.size;
    if (needed <= 0) {
      reads.push('skipped');
      continue;
    }
    let read: LevelRead = 'index';
    if (((inSample[`l${i}`] ?? 0) * WALK_ROWS) / SAMPLE_ROWS >= needed) {
      // Passages the cut holds already (an earlier level's) are not counted twice.
      const found = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select s.id from ${walked(WALK_ROWS)} s join ${files} on ${files.id} = s.file_id
          where ${allowed} and s.tsv @@ ${level}::tsquery ${cut.size > 0 ? sql`and s.id <> all(${`{${[...cut].join(',')}}`}::uuid[])` : sql``}
          limit ${needed}`),
      );
      for (const row of found) cut.add(row.id);
      read = found.length >= needed ? 'walk' : 'walk+index';
    }
    if (read !== 'walk') {
      const found = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select p.id from ${passages} p join ${files} on ${files.id} = p.file_id
          where ${allowed} and p.tsv @@ ${level}::tsquery ${cut.size > 0 ? sql`and p.id <> all(${`{${[...cut].join(',')}}`}::uuid[])` : sql``}
          limit ${cutSize - cut.size}`),
      );
      for (const row of found) cut.add(row.id);
    }
    reads.push(read);
  }
  return { ids: [...cut], reads };
}
