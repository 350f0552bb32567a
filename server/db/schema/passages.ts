import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';

/** PostgreSQL's tsvector, written only by SQL (server/modules/search/passages.repository.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A passage of an indexed file: about 200–400 words cut on paragraph or sentence boundaries, with
 * its place in the file. Who may read it is never stored here: it is the file's, so a query joins
 * `files` and asks file-access.ts, and a move or a delete of the file takes effect at once.
 */
export const passages = pgTable(
  'passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Order within the file, from 0. */
    ordinal: integer('ordinal').notNull(),
    /** PDF page, slide or sheet number (from 1); null for formats without pages. */
    page: integer('page'),
    /** The sheet's name, the slide's title, or the heading the passage falls under. */
    heading: text('heading'),
    /** Character offsets of the passage in the file's extracted text. */
    charStart: integer('char_start').notNull(),
    charEnd: integer('char_end').notNull(),
    body: text('body').notNull(),
    /** The text-search configuration tsv was made with (SEARCH_LANGUAGE at the time). */
    language: text('language').notNull(),
    /** File name (weight A), heading (B) and body (D), unaccented; kept current on rename by a trigger. */
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [
    index('passages_file_ordinal_idx').on(t.fileId, t.ordinal),
    index('passages_tsv_idx').using('gin', t.tsv).with({ fastupdate: false }),
  ],
);
export type PassageRow = typeof passages.$inferSelect;

/** bytea, read and written as a Buffer (node-postgres) or Uint8Array (PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A passage's embedding (hybrid retrieval, GENIE_EMBEDDING_MODEL): its unit-length vector as
 * little-endian float32s. A passage without a row for the current model is waiting for one (the
 * embedder's queue); `dims` 0 marks a passage the model refused, not asked again. Deleted with its
 * passage, so access is always the file's, as for the passage itself.
 */
export const passageEmbeddings = pgTable(
  'passage_embeddings',
  {
  passageId: uuid('passage_id')
    .primaryKey()
    .references(() => passages.id, { onDelete: 'cascade' }),
  /** The passage's file, so ranking joins `files` (access) without reading the wide passages table. */
  fileId: uuid('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' }),
  /** GENIE_EMBEDDING_MODEL when it was made: another model's vectors are made again. */
  model: text('model').notNull(),
  dims: integer('dims').notNull(),
  vector: bytea('vector').notNull(),
  },
  (t) => [index('passage_embeddings_file_idx').on(t.fileId)],
);
