import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SearchScope } from '@contract/search';
import { FIRST_CUT_SIZE } from './first-cut';
import { indexQueueRepository } from './index-queue.repository';
import { readFirstCut } from './first-cut-reader';
import { retrievalQuery, textsToParse, type RetrievalQuery } from './retrieval-query';
import { rowsOf, type Db } from '../../db/database';
import { files } from '../../db/schema/files';
import { passages } from '../../db/schema/passages';

export { MAX_INDEX_ATTEMPTS, type ClaimedFile } from './index-queue.repository';

/** Which passages a search may rank: the caller's readable files, narrowed by scope, files and folders. */
export interface PassageFilter {
  /** readableFiles(userId) from files/file-access.ts: the one place that says who may read what. */
  readable: SQL;
  userId: string;
  scope: SearchScope;
  fileIds?: string[];
  folderIds?: string[];
}

/**
 * How a passage scores for a query (SQL over p.tsv, qq.q_any, qq.q_all). Measured on
 * bench/retrieval.bench.ts; the others it tried are kept there for comparison.
 */
export const DEFAULT_RANKING = `ts_rank('{0.1, 0.1, 0.12, 0.13}', p.tsv, qq.q_any) * (case when p.tsv @@ qq.q_all then 2 else 1 end)`;

/** How rankPassages ranks: the score's SQL (DEFAULT_RANKING) and the first cut's size (null: none). */
export interface RankOptions {
  ranking?: string;
  cutSize?: number | null;
}

export interface RankedPassage {
  id: string;
  fileId: string;
  fileName: string;
  folderId: string | null;
  page: number | null;
  heading: string | null;
  body: string;
  /** ts_headline's excerpt, matches between \u0002 and \u0003. */
  headline: string;
  score: number;
}

interface RankedRow {
  id: string;
  file_id: string;
  file_name: string;
  folder_id: string | null;
  page: number | null;
  heading: string | null;
  body: string;
  headline: string;
  score: number;
}

const toRanked = (r: RankedRow): RankedPassage => ({
  id: r.id,
  fileId: r.file_id,
  fileName: r.file_name,
  folderId: r.folder_id,
  page: r.page,
  heading: r.heading,
  body: r.body,
  headline: r.headline,
  score: Number(r.score),
});

const uuidList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** The WHERE condition over `files` that keeps only the passages a filter allows. */
export function filterSql(filter: PassageFilter): SQL {
  const conditions: (SQL | undefined)[] = [filter.readable];
  // Private: the user's own library. Team: readable files that are not the user's own (the team
  // library); the team-library work refines both when files gain a team.
  if (filter.scope === 'private') conditions.push(eq(files.userId, filter.userId));
  if (filter.scope === 'team') conditions.push(ne(files.userId, filter.userId));
  // Picked files and picked folders (with their subfolders) widen each other: a passage is in when
  // its file is picked or lies in a picked folder ("only these files and folders").
  const picked: SQL[] = [];
  if (filter.fileIds && filter.fileIds.length > 0) picked.push(inArray(files.id, filter.fileIds));
  if (filter.folderIds && filter.folderIds.length > 0) {
    picked.push(sql`${files.folderId} in (
      with recursive sub (id, depth) as (
        select id, 1 from folders where id in (${uuidList(filter.folderIds)})
        union all
        select f.id, sub.depth + 1 from folders f join sub on f.parent_id = sub.id where sub.depth < 256
      ) select id from sub)`);
  }
  if (picked.length > 0) conditions.push(or(...picked));
  return and(...conditions)!;
}

export const searchRepository = {
  ...indexQueueRepository,

  /**
   * The query for a text: its words parsed as a tsquery (websearch syntax, accents folded,
   * camelCase split), then bounded by retrieval-query.ts, whatever the text's length. Null when
   * it asks for nothing.
   */
  async parseQuery(db: Db, language: string, text: string): Promise<RetrievalQuery | null> {
    const texts = textsToParse(text);
    const parse = (t: string) => sql`websearch_to_tsquery(${language}::regconfig, unaccent(regexp_replace(${t}, '([a-z])([A-Z])', '\\1 \\2', 'g')))::text`;
    const rows = rowsOf<{ q: string; question: string }>(await db.execute(sql`select ${parse(texts.text)} as q, ${parse(texts.question)} as question`));
    return retrievalQuery(rows[0]?.q ?? '', rows[0]?.question ?? '');
  },

  /**
   * The best passages for a query, among those the filter allows (the condition is in the WHERE
   * of the first cut, so nothing else is ever read). Two stages: the first cut (first-cut.ts)
   * takes at most `cutSize` passages (first-cut-reader.ts: through the GIN index, or walked when
   * a level matches most of the library), those holding the most of the words first; only they get the full score `ranking`, and only the final `limit` get ts_headline.
   * Any query word may match (OR); passages holding all of them rank twice as high, and the
   * weights reward words in the file name and headings (A and B). `cutSize: null` scores every
   * match (the single-stage ranking, kept to check the cut against).
   */
  async rankPassages(
    db: Db,
    language: string,
    text: string,
    filter: PassageFilter,
    limit: number,
    options: RankOptions = {},
  ): Promise<RankedPassage[]> {
    const ranking = options.ranking ?? DEFAULT_RANKING;
    const cutSize = options.cutSize === undefined ? FIRST_CUT_SIZE : options.cutSize;
    const parsed = await this.parseQuery(db, language, text);
    if (!parsed) return [];
    const { all: qAll, levels, any: qAny } = parsed;
    const allowed = filterSql(filter);
    const scored = (cut: SQL) => sql`
        with cut as materialized (${cut}),
        qq as materialized (select ${qAll}::tsquery as q_all, ${qAny}::tsquery as q_any),
        ranked as materialized (
          select p.id, p.file_id, ${files.originalName} as file_name, ${files.folderId} as folder_id, p.page, p.heading,
                 ${sql.raw(ranking)} as score
          from cut join ${passages} p on p.id = cut.id join ${files} on ${files.id} = p.file_id cross join qq
          order by score desc, p.id
          limit ${limit}
        )
        select r.id, r.file_id, r.file_name, r.folder_id, r.page, r.heading, b.body, r.score::float8 as score,
               ts_headline(${language}::regconfig, translate(b.body, chr(2) || chr(3), ''), qq.q_any,
                 'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "') as headline
        from ranked r join ${passages} b on b.id = r.id cross join qq
        order by r.score desc, r.id`;
    const rows = await db.transaction(async (tx) => {
      // Each level is read through the GIN index: with a LIMIT over it the planner may judge a
      // sequential scan cheaper (it expects to stop early), but that scan would read and test every
      // passage's search vector, the very cost the cut exists to avoid (a level dense enough for a
      // walk to pay is walked on purpose, first-cut-reader.ts). The files a passage belongs to are
      // looked up one by one (files_pkey), never hashed: a hash join built a table of all 100,000
      // readable files (110-140 ms) for each level that read 600 passages (issue 48).
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_hashjoin = off`);
      await tx.execute(sql`set local enable_mergejoin = off`);
      if (cutSize === null) {
        return rowsOf<RankedRow>(await tx.execute(scored(sql`select p.id from ${passages} p join ${files} on ${files.id} = p.file_id where ${allowed} and p.tsv @@ ${qAny}::tsquery`)));
      }
      const { ids } = await readFirstCut(tx, allowed, levels, cutSize);
      if (ids.length === 0) return [];
      return rowsOf<RankedRow>(await tx.execute(scored(sql`select unnest(${`{${ids.join(',')}}`}::uuid[]) as id`)));
    });
    return rows.map(toRanked);
  },

  /**
   * Passages by id with their highlighted excerpt for a query, among those the filter allows
   * (hybrid retrieval's vector-only hits). Score 0: the caller ranks them.
   */
  async passagesByIds(db: Db, language: string, text: string, filter: PassageFilter, ids: string[]): Promise<RankedPassage[]> {
    if (ids.length === 0) return [];
    const qAny = (await this.parseQuery(db, language, text))?.any ?? '';
    const rows = rowsOf<RankedRow>(
      await db.execute(sql`
        select p.id, p.file_id, ${files.originalName} as file_name, ${files.folderId} as folder_id, p.page, p.heading, p.body, 0::float8 as score,
               ts_headline(${language}::regconfig, translate(p.body, chr(2) || chr(3), ''), ${qAny}::tsquery,
                 'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "') as headline
        from ${passages} p join ${files} on ${files.id} = p.file_id
        where ${filterSql(filter)} and p.id in (${uuidList(ids)})`),
    );
    return rows.map(toRanked);
  },

  /** Folder id → its path of names from the top ("Contracts/2024"), for results' folderPath. */
  async folderPaths(db: Db, folderIds: string[]): Promise<Map<string, string>> {
    const paths = new Map<string, string>();
    if (folderIds.length === 0) return paths;
    const rows = rowsOf<{ start_id: string; path: string }>(
      await db.execute(sql`
        with recursive up (start_id, id, parent_id, name, depth) as (
          select id, id, parent_id, name, 1 from folders where id in (${uuidList(folderIds)})
          union all
          select up.start_id, f.id, f.parent_id, f.name, up.depth + 1 from folders f join up on f.id = up.parent_id where up.depth < 256
        )
        select start_id, string_agg(name, '/' order by depth desc) as path from up group by start_id`),
    );
    for (const row of rows) paths.set(row.start_id, row.path);
    return paths;
  },

  /** Whether the database has a text-search configuration of this name. */
  async languageExists(db: Db, language: string): Promise<boolean> {
    const rows = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from pg_ts_config where cfgname = ${language}) as found`));
    return rows[0]?.found === true;
  },
};
