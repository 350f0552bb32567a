import { Readable } from 'node:stream';
import { fileCategoryOf, type FileRecord, type UpdateFileBody } from '@contract/files';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import type { FileRow } from '../../db/schema/files';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordTeamEvent } from '../admin/audit-log';
import { currentMember, mayModify, scopeOf } from './file-access';
import { parseFileReference } from './file-references';
import { notYours, teamIdFor, type FoldersService } from './files-folders.service';
import { toFileRecord } from './files.mappers';
import { filesRepository as repo } from './files.repository';
import { keyFromObjectPath, newObjectKey, objectPathOf, storedNameOf } from './object-keys';
import type { StorageUsage } from './storage-usage';
import { mimeTypeOfName } from './import-names';
import { SNIFF_BYTES, sniffMimeType, typeAllowed } from './sniff-type';
import { deleteObjects, readStart } from './stored-objects';

export interface FileRecordsServiceDeps {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  usage: StorageUsage;
  folders: Pick<FoldersService, 'requireFolder' | 'topFolderNamed'>;
  maxFileBytes: number;
  /** The operator's UPLOAD_ALLOWED_TYPES (every type when absent). */
  allowedTypes?: readonly string[];
}

/** A file Genie made for the user (a generated image), filed in a top-level folder of this name. */
export interface GeneratedFile {
  folderName: string;
  originalName: string;
  mimeType: string;
  bytes: Buffer;
}

/**
 * File records the user may read (their own private ones and their team's): read, rename, move,
 * delete, stream; and what other areas may do with them.
 */
export function createFileRecordsService(deps: FileRecordsServiceDeps) {
  const { db, store, clock, usage, folders } = deps;

  /** A file the user may read; another's (another team's) is a 404, as if it did not exist. */
  const requireFile = async (userId: string, fileId: string) => {
    const file = await repo.findFile(db, userId, fileId);
    if (!file) throw notFound('That file');
    return file;
  };

  return {
    async getFile(userId: string, fileId: string) {
      return requireFile(userId, fileId);
    },

    /** GET /api/files/:id as the contract shows it to the caller. */
    async getRecord(userId: string, fileId: string): Promise<FileRecord> {
      const [file, member] = await Promise.all([requireFile(userId, fileId), currentMember(db, userId)]);
      return toFileRecord(file, member);
    },

    /**
     * Renames and/or moves a file. A move into a folder of the other library, or to the other
     * library's Home (`scope`), moves it between the private and team libraries: allowed to whoever
     * may delete it. A file taken out of the team library becomes the mover's private file.
     */
    async updateFile(userId: string, fileId: string, body: UpdateFileBody): Promise<FileRecord> {
      const [file, member] = await Promise.all([requireFile(userId, fileId), currentMember(db, userId)]);
      if (!mayModify(member, file)) throw notYours('file', body.folderId === undefined && body.scope === undefined ? 'rename' : 'move');
      const changes: { originalName?: string; folderId?: string | null; teamId?: string | null; userId?: string } = { originalName: body.originalName };
      let teamId = file.teamId;
      if (body.folderId) {
        const folder = await folders.requireFolder(userId, body.folderId);
        if (body.scope && body.scope !== scopeOf(folder)) {
          throw new AppError('invalid_input', `That folder is in your ${scopeOf(folder) === 'team' ? 'team' : 'private'} library, not the ${body.scope === 'team' ? 'team' : 'private'} one.`, 'scope');
        }
        teamId = folder.teamId;
        changes.folderId = folder.id;
      } else if (body.folderId === null || (body.scope !== undefined && body.scope !== scopeOf(file))) {
        teamId = teamIdFor(member, body.scope ?? scopeOf(file));
        changes.folderId = null;
      }
      if (teamId !== file.teamId) {
        changes.teamId = teamId;
        // Out of the team library, the file is the mover's own; into it, its uploader stays.
        if (teamId === null) changes.userId = userId;
      }
      const updated = await repo.updateFile(db, userId, fileId, changes);
      if (!updated) throw notFound('That file');
      return toFileRecord(updated, member);
    },

    /** The file if the user may change it (indexing's Retry): a stranger's is a 404, a teammate's without the right a 403. */
    async requireModifiable(userId: string, fileId: string) {
      const [file, member] = await Promise.all([requireFile(userId, fileId), currentMember(db, userId)]);
      if (!mayModify(member, file)) throw notYours('file', 'retry indexing');
      return file;
    },

    async deleteFile(userId: string, fileId: string) {
      const [file, member] = await Promise.all([requireFile(userId, fileId), currentMember(db, userId)]);
      if (!mayModify(member, file)) throw notYours('file', 'delete');
      await repo.deleteFile(db, userId, fileId);
      if (file.teamId) await recordTeamEvent(db, { action: 'team_file_deleted', actorUserId: userId, teamId: file.teamId, details: { fileId, name: file.originalName }, at: clock.now() });
      await deleteObjects(store, [file.objectPath]);
      return { ok: true as const, deletedFiles: 1, deletedFolders: 0 };
    },

    /** A download of a team library's file is an event of the team's audit (a private file's is not). */
    async noteDownload(userId: string, file: Pick<FileRow, 'id' | 'teamId' | 'originalName'>) {
      if (!file.teamId) return;
      await recordTeamEvent(db, { action: 'team_file_downloaded', actorUserId: userId, teamId: file.teamId, details: { fileId: file.id, name: file.originalName }, at: clock.now() });
    },

    /** Streams a file (or a byte range of it); the caller has already resolved the record. */
    async openFile(file: Pick<FileRow, 'objectPath'>, range?: { start: number; end: number }) {
      return store.get(keyFromObjectPath(file.objectPath), range);
    },

    /**
     * The file that `ref` names (see file-references.ts) if the user may read it (their own or
     * their team's), or null: anyone else's file is nothing.
     */
    async findOwnFile(userId: string, ref: string): Promise<FileRecord | null> {
      const parsed = parseFileReference(ref);
      if (!parsed) return null;
      const row = 'id' in parsed ? await repo.findFile(db, userId, parsed.id) : await repo.findFileByObjectPath(db, userId, parsed.objectPath);
      return row ? toFileRecord(row, await currentMember(db, userId)) : null;
    },

    /** The first `maxBytes` of a record findOwnFile returned; rejects when its object is missing. */
    async readFile(file: FileRecord, maxBytes: number): Promise<Buffer> {
      return readStart(store, keyFromObjectPath(file.objectPath), file.size, maxBytes);
    },

    /** Whether anything more fits under the user's storage limit (worth making a file for). */
    hasRoom(userId: string): Promise<boolean> {
      return usage.hasRoom(userId);
    },

    /** Keeps a file Genie made, under the same storage limit as an upload (storage_full when it does not fit). */
    async storeGeneratedFile(userId: string, file: GeneratedFile): Promise<FileRecord> {
      if (!(await usage.fits(userId, file.bytes.length))) throw await usage.fullError(userId);
      const folderId = await folders.topFolderNamed(userId, file.folderName);
      return storeBytes(userId, { ...file, folderId, teamId: null });
    },

    /**
     * Keeps one file of a bulk import in `folderId` of the library `teamId` (the caller checked the
     * folder), its type from its bytes, under the storage limit (storage_full when it does not fit).
     */
    async storeImportedFile(userId: string, file: { folderId: string | null; teamId: string | null; originalName: string; bytes: Buffer }): Promise<FileRecord> {
      if (!(await usage.fits(userId, file.bytes.length))) throw await usage.fullError(userId);
      const mimeType = await sniffMimeType(file.bytes.subarray(0, SNIFF_BYTES), mimeTypeOfName(file.originalName));
      if (!typeAllowed(mimeType, deps.allowedTypes)) throw new AppError('unsupported_type', `Files of type ${mimeType} are not allowed here.`);
      return storeBytes(userId, { ...file, mimeType });
    },
  };

  async function storeBytes(
    userId: string,
    file: { folderId: string | null; teamId: string | null; originalName: string; mimeType: string; bytes: Buffer },
  ): Promise<FileRecord> {
    const { folderId, teamId } = file;
    const key = newObjectKey(userId);
      const { size } = await store.put(key, Readable.from([file.bytes]), { maxBytes: deps.maxFileBytes, contentType: file.mimeType });
      try {
        // Checked again with the insert, under the user's storage lock: an upload may have landed meanwhile.
        const row = await usage.transaction(userId, async (tx) => {
          if (!(await usage.fits(userId, size, { tx }))) throw await usage.fullError(userId, { tx });
          return repo.insertFile(tx, {
            userId,
            teamId,
            folderId,
            originalName: file.originalName,
            storedName: storedNameOf(key),
            mimeType: file.mimeType,
            category: fileCategoryOf(file.mimeType),
            size,
            objectPath: objectPathOf(key),
            uploadedAt: clock.now(),
          });
        });
        return toFileRecord(row, await currentMember(db, userId));
      } catch (error) {
        await deleteObjects(store, [objectPathOf(key)]);
        throw error;
      }
  }
}

export type FileRecordsService = ReturnType<typeof createFileRecordsService>;

/** What chat may do with files: find and read the user's own for a prompt, keep a generated one. */
export type FilesForChat = Pick<FileRecordsService, 'findOwnFile' | 'openFile' | 'readFile' | 'hasRoom' | 'storeGeneratedFile'>;
