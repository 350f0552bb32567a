import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/** Stands for "no parent" (Home) in the folder-name unique indexes, where NULLs would never clash. */
const HOME = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    /**
     * Null: a private folder of user_id. Set: a folder of that team's library, made by user_id
     * (see server/modules/files/file-access.ts). A folder and everything inside it share one scope.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per place: per user in a private library, per team in a team library.
    uniqueIndex('folders_private_parent_name_uq')
      .on(t.userId, sql`coalesce(${t.parentId}, ${HOME})`, t.name)
      .where(sql`${t.teamId} is null`),
    uniqueIndex('folders_team_parent_name_uq')
      .on(t.teamId, sql`coalesce(${t.parentId}, ${HOME})`, t.name)
      .where(sql`${t.teamId} is not null`),
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
    /**
     * Null: a private file of user_id. Set: a file of that team's library, uploaded by user_id.
     * A team deleted (its last member left) hands its files back to their uploaders first
     * (trigger teams_library_to_uploaders), so the FK's set null never runs on a live file.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
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
    // The team library's listings, each in the listing's whole order (newest first, then name and
    // id), so a scan stops after one page where a sort would read every file: a team's Home (an
    // IS NULL never fixes an index column for ordering, so Home has its own partial index), and
    // any folder (a team folder's files have many uploaders, so user_id cannot lead).
    index('files_team_home_uploaded_idx')
      .on(t.teamId, t.uploadedAt.desc().nullsFirst(), t.originalName, t.id)
      .where(sql`${t.teamId} is not null and ${t.folderId} is null`),
    // A private Home, for the same reason as a team's: without it the newest page of 10,000 files
    // was a scan and a sort of all of them (20 ms on PGlite, in Genie's thread).
    index('files_private_home_uploaded_idx')
      .on(t.userId, t.uploadedAt.desc().nullsFirst(), t.originalName, t.id)
      .where(sql`${t.teamId} is null and ${t.folderId} is null`),
    index('files_folder_uploaded_idx')
      .on(t.folderId, t.uploadedAt.desc().nullsFirst(), t.originalName, t.id)
      .where(sql`${t.folderId} is not null`),
    // The indexing queue: only files still waiting (or caught mid-run by a restart) are in it.
    index('files_index_queue_idx')
      .on(t.uploadedAt)
      .where(sql`${t.indexStatus} in ('pending', 'indexing')`),
    // The queue by account (claimNext goes round the accounts): the accounts with waiting files,
    // read one index probe each, and each account's oldest waiting file.
    index('files_index_pending_owner_idx')
      .on(t.userId, t.uploadedAt)
      .where(sql`${t.indexStatus} = 'pending'`),
    // Search: ILIKE '%text%' on the name, as for folders above.
    index('files_original_name_trgm_idx').using('gin', t.originalName.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);
export type FileRow = typeof files.$inferSelect;

/** Numbers the indexer's claims, in every process that shares the database. */
export const indexTurnSeq = pgSequence('index_turn_seq');

/**
 * Whose turn it is in the indexing queue: each account's last claim, numbered by index_turn_seq.
 * The indexer takes the oldest waiting file of the account with waiting files whose last claim
 * is oldest (none yet: first), so one account's many uploads never hold up another's few
 * (server/modules/search/search.repository.ts, claimNext). Written only by the search repository.
 */
export const indexTurns = pgTable('index_turns', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  turn: bigint('turn', { mode: 'number' }).notNull(),
});

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
