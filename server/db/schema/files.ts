import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('folders_user_parent_name_uq').on(t.userId, t.parentId, t.name).nullsNotDistinct(),
    index('folders_parent_idx').on(t.parentId),
    // Search: ILIKE '%text%' on the name (pg_trgm, migration 0002). fastupdate off: PGlite has no
    // autovacuum to merge a pending list, and folders and files are written far less than searched.
    index('folders_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);
export type FolderRow = typeof folders.$inferSelect;

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull(),
    mimeType: text('mime_type').notNull(),
    /** image, video, audio, document or other: what storage breakdowns group by. */
    category: text('category').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    objectPath: text('object_path').notNull().unique(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending, indexing, indexed, failed or unsupported: where the file's passages stand (server/modules/search). */
    indexStatus: text('index_status').notNull().default('pending'),
    /** Why indexing failed, as a sentence for the user; null otherwise. */
    indexError: text('index_error'),
    /** Indexing runs started: a file that keeps killing its worker stops being retried. */
    indexAttempts: integer('index_attempts').notNull().default(0),
  },
  (t) => [
    index('files_user_folder_uploaded_idx').on(t.userId, t.folderId, t.uploadedAt),
    // The indexing queue: only files still waiting (or caught mid-run by a restart) are in it.
    index('files_index_queue_idx')
      .on(t.uploadedAt)
      .where(sql`${t.indexStatus} in ('pending', 'indexing')`),
    // Search: ILIKE '%text%' on the name, as for folders above.
    index('files_original_name_trgm_idx').using('gin', t.originalName.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);
export type FileRow = typeof files.$inferSelect;

/** An upload URL handed out: proves which user may complete which object key, and finds orphans. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The bytes received for this upload (null until they are): they count against the user's
     * storage limit until the upload becomes a file record or is swept.
     */
    size: bigint('size', { mode: 'number' }),
  },
  (t) => [index('uploads_expires_idx').on(t.expiresAt), index('uploads_user_idx').on(t.userId)],
);
