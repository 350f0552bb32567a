import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { files } from '../../db/schema/files';
import { passageEmbeddings, passages } from '../../db/schema/passages';
import { foreignKeyViolation } from '../../lib/pg-errors';
import { filterSql, type PassageFilter } from './search.repository';

/** A passage waiting for its vector, with what it is embedded as. */
export interface PendingPassage {
  id: string;
  text: string;
}

/** A passage and how close it is to the query (cosine similarity). */
export interface VectorHit {
  id: string;
  similarity: number;
}

/** Float32 little-endian, the stored form of a vector. */
export function vectorBytes(vector: number[]): Uint8Array {
  const floats = Float32Array.from(vector);
  return new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength);
}

function floatsOf(bytes: Uint8Array): Float32Array {
  // A copy: the driver's buffer need not be 4-byte aligned.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

/**
 * Vectors read so far, by model and passage id. A passage's vector never changes for a model (a
 * new model is a new key; a passage indexed again gets new ids), so an entry cannot go stale; a
 * deleted passage's entry is only memory, and the whole cache is dropped at its byte bound.
 */
const vectorCache = new Map<string, Float32Array>();
const VECTOR_CACHE_BYTES = 64 * 1024 * 1024;
let vectorCacheBytes = 0;
const cacheKey = (model: string, id: string) => `${model}\u0000${id}`;

function cacheVector(model: string, id: string, vector: Float32Array): void {
  if (vectorCacheBytes + vector.byteLength > VECTOR_CACHE_BYTES) {
    vectorCache.clear();
    vectorCacheBytes = 0;
  }
  vectorCache.set(cacheKey(model, id), vector);
  vectorCacheBytes += vector.byteLength;
}

export const embeddingsRepository = {
  /**
   * pgvector, when this PostgreSQL has it: the extension is created if it is available and the
   * vectors get a `vector` column beside their bytes, so nearest() ranks in SQL. False on PGlite
   * and on a PostgreSQL without it (this machine's 15 has none: that path is untested here).
   */
  async enablePgvector(db: Db): Promise<boolean> {
    try {
      const [row] = rowsOf<{ available: boolean }>(await db.execute(sql`select exists (select 1 from pg_available_extensions where name = 'vector') as available`));
      if (!row?.available) return false;
      await db.execute(sql`create extension if not exists vector`);
      await db.execute(sql`alter table passage_embeddings add column if not exists v vector`);
      return true;
    } catch {
      return false; // no right to create the extension: the bytes path works everywhere
    }
  },

  /** Passages of indexed files that have no vector from this model yet, oldest file first. */
  async pending(db: Db, model: string, limit: number, maxChars: number): Promise<PendingPassage[]> {
    const rows = rowsOf<{ id: string; text: string }>(
      await db.execute(sql`
        select p.id, left(${files.originalName} || coalesce(E'\n' || p.heading, '') || E'\n' || p.body, ${maxChars}) as text
        from ${passages} p join ${files} on ${files.id} = p.file_id
        left join ${passageEmbeddings} e on e.passage_id = p.id
        where ${files.indexStatus} = 'indexed' and (e.passage_id is null or e.model <> ${model})
        order by ${files.uploadedAt}, p.file_id, p.ordinal
        limit ${limit}`),
    );
    return rows;
  },

  /**
   * Stores vectors (null: the model refused that passage; stored as width 0 and not asked again).
   * A passage deleted meanwhile is skipped: its file was deleted or indexed again.
   */
  async store(db: Db, model: string, items: { id: string; vector: number[] | null }[], pgvector: boolean): Promise<void> {
    if (items.length === 0) return;
    const values = items.map(
      (item) => sql`(${item.id}::uuid, ${model}, ${item.vector?.length ?? 0}::int, ${vectorBytes(item.vector ?? [])}::bytea${pgvector ? sql`, ${item.vector ? `[${item.vector.join(',')}]` : null}::vector` : sql``})`,
    );
    try {
      await db.execute(sql`
        insert into ${passageEmbeddings} (passage_id, file_id, model, dims, vector${pgvector ? sql`, v` : sql``})
        select v.passage_id, p.file_id, v.model, v.dims, v.vector${pgvector ? sql`, v.v` : sql``}
        from (values ${sql.join(values, sql`, `)}) v (passage_id, model, dims, vector${pgvector ? sql`, v` : sql``})
        join ${passages} p on p.id = v.passage_id
        on conflict (passage_id) do update set model = excluded.model, dims = excluded.dims, vector = excluded.vector${pgvector ? sql`, v = excluded.v` : sql``}`);
    } catch (error) {
      if (!foreignKeyViolation(error)) throw error; // deleted between the check and the insert: made again if it comes back
    }
  },

  /**
   * The passages nearest the query vector among those the filter allows (the filter is in the
   * query, as for full-text search: no other passage's vector is ever read). Without pgvector the
   * readable vectors are read and compared here, a dot product each (they are unit length).
   */
  async nearest(db: Db, model: string, filter: PassageFilter, query: number[], limit: number, pgvector: boolean): Promise<VectorHit[]> {
    if (pgvector) {
      const rows = rowsOf<{ id: string; similarity: number }>(
        await db.execute(sql`
          select e.passage_id as id, 1 - (e.v <=> ${`[${query.join(',')}]`}::vector) as similarity
          from ${passageEmbeddings} e join ${files} on ${files.id} = e.file_id
          where ${filterSql(filter)} and e.model = ${model} and e.dims = ${query.length}
          order by e.v <=> ${`[${query.join(',')}]`}::vector, e.passage_id
          limit ${limit}`),
      );
      return rows.map((r) => ({ id: r.id, similarity: Number(r.similarity) }));
    }
    // Which vectors the caller may read, by id: the access condition is in this query. The vectors
    // themselves come from the process cache, read from the database only when missing.
    const ids = rowsOf<{ id: string }>(
      await db.execute(sql`
        select e.passage_id as id from ${passageEmbeddings} e join ${files} on ${files.id} = e.file_id
        where ${filterSql(filter)} and e.model = ${model} and e.dims = ${query.length}`),
    ).map((r) => r.id);
    const missing = ids.filter((id) => !vectorCache.has(cacheKey(model, id)));
    // Read for this ranking: used from here even if the cache drops them (a library larger than it).
    const fetched = new Map<string, Float32Array>();
    if (missing.length > 0) {
      // base64 text, decoded here: PGlite parses a bytea column byte by byte (30,000 vectors of
      // width 128 took 6 s that way, under 1 s as base64).
      const rows = rowsOf<{ id: string; vector: string }>(
        await db.execute(sql`
          select passage_id as id, encode(vector, 'base64') as vector from ${passageEmbeddings}
          where passage_id = any(${`{${missing.join(',')}}`}::uuid[]) and model = ${model}`),
      );
      for (const row of rows) {
        const vector = floatsOf(Buffer.from(row.vector, 'base64'));
        fetched.set(row.id, vector);
        cacheVector(model, row.id, vector);
      }
    }
    const q = Float32Array.from(query);
    const hits: VectorHit[] = [];
    for (const id of ids) {
      const v = fetched.get(id) ?? vectorCache.get(cacheKey(model, id));
      if (!v || v.length !== q.length) continue; // deleted since the ids were read
      let dot = 0;
      for (let i = 0; i < q.length; i++) dot += q[i]! * v[i]!;
      hits.push({ id, similarity: dot });
    }
    hits.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1));
    return hits.slice(0, limit);
  },

  /** How many passages have a vector from this model (for tests and the benchmark). */
  async count(db: Db, model: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${passageEmbeddings} where model = ${model} and dims > 0`));
    return row?.n ?? 0;
  },
};
