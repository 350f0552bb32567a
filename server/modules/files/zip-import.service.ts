import type { ImportSummary, ImportZipBody } from '@contract/files';
import { IMPORT_MAX_FILES } from '@contract/limits';
import type { CappedZip } from '../../adapters/extraction/formats/capped-zip';
import { ExtractionLimitError } from '../../adapters/extraction/limits';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { currentMember, scopeOf } from './file-access';
import type { FileRecordsService } from './file-records.service';
import type { FoldersService } from './files-folders.service';
import type { StorageUsage } from './storage-usage';
import { teamIdFor } from './files-folders.service';
import { filesRepository as repo } from './files.repository';
import { entryPath } from './import-names';
import { keyFromObjectPath } from './object-keys';
import { readStart } from './stored-objects';

const MB = 1024 * 1024;

/**
 * A ZIP bomb's caps for a bulk import, counted as entries inflate (capped-zip.ts, the reader
 * DOCX files go through), whatever sizes the archive's headers claim.
 */
export const IMPORT_LIMITS = {
  /** The archive itself, read whole into memory. */
  maxArchiveBytes: 100 * MB,
  /** File entries an archive may hold (one with more is refused before anything is unpacked). */
  maxEntries: IMPORT_MAX_FILES,
  /** One entry, inflated. */
  maxEntryBytes: 100 * MB,
  /** All entries together, inflated. */
  maxTotalBytes: 1024 * MB,
};

/** Thrown when the import stops part way: its sentence, and what was imported before. */
export class ImportStopped extends Error {
  constructor(
    readonly refusal: AppError,
    readonly imported: ImportSummary,
  ) {
    super(refusal.message);
  }
}

export function createZipImportService(deps: {
  db: Db;
  store: ObjectStore;
  folders: Pick<FoldersService, 'requireFolder' | 'childFolderNamed'>;
  records: Pick<FileRecordsService, 'storeImportedFile'>;
  usage: Pick<StorageUsage, 'fits' | 'fullError'>;
  limits?: typeof IMPORT_LIMITS;
  /** Told once an import has stored files, whether it finished or the storage limit stopped it (the indexer's nudge). */
  onFileStored?(): void;
}) {
  const { db, store, folders, records, usage } = deps;
  const limits = deps.limits ?? IMPORT_LIMITS;

  return {
    /**
     * Unpacks a ZIP the user uploaded (upload-complete done, not recorded as a file) into the
     * target folder, keeping its folders; each file is stored and indexed like an upload. The
     * archive's upload is discarded afterwards, whatever happened.
     */
    async importZip(userId: string, body: ImportZipBody): Promise<ImportSummary> {
      const key = keyFromObjectPath(body.objectPath);
      const upload = await repo.findUploadByKey(db, key);
      if (!upload || upload.userId !== userId) throw notFound('That upload');
      if (!upload.completedAt || upload.size === null) throw new AppError('conflict', 'Complete the upload before importing it.', 'objectPath');
      if (upload.size > limits.maxArchiveBytes) {
        throw new AppError('invalid_input', `That archive is larger than ${limits.maxArchiveBytes / MB} MB; split it into smaller ones.`, 'objectPath');
      }
      // The target: a folder the user may read (404 otherwise), else Home of the scope.
      const targetId = body.folderId ?? null;
      const member = await currentMember(db, userId);
      let teamId = teamIdFor(member, body.scope ?? 'private');
      const scope = targetId ? scopeOf(await folders.requireFolder(userId, targetId)) : (body.scope ?? 'private');
      if (targetId) teamId = (await folders.requireFolder(userId, targetId)).teamId;

      let storedAny = false;
      try {
        const bytes = await readStart(store, key, upload.size, upload.size);
        let zip: CappedZip;
        try {
          // jszip is imported by the first .zip import, not at every start (issue 48).
          const { openCappedZip } = await import('../../adapters/extraction/formats/capped-zip');
          zip = await openCappedZip(bytes, { maxEntryBytes: limits.maxEntryBytes, maxTotalBytes: limits.maxTotalBytes });
        } catch {
          throw new AppError('invalid_input', 'That file is not a ZIP archive Genie can read.', 'objectPath');
        }
        const names = zip.entries();
        if (names.length > limits.maxEntries) {
          throw new AppError('invalid_input', `That archive holds ${names.length} files; an import takes at most ${limits.maxEntries}.`, 'objectPath');
        }
        const summary: ImportSummary = { folders: 0, files: [], skipped: [] };
        const folderIds = new Map<string, string | null>([['', targetId]]);
        const folderOf = async (parts: string[]) => {
          let parentId = targetId;
          for (let i = 0; i < parts.length; i++) {
            const path = parts.slice(0, i + 1).join('/');
            const known = folderIds.get(path);
            if (known !== undefined) {
              parentId = known;
              continue;
            }
            const folder = await folders.childFolderNamed(userId, parentId, parts[i]!, scope);
            if (folder.created) summary.folders++;
            folderIds.set(path, folder.id);
            parentId = folder.id;
          }
          return parentId;
        };
        let overTotal = false;
        for (const entry of names) {
          const raw = entry.original;
          const path = entryPath(raw);
          if (path.ok === 'noise') continue;
          if (!path.ok) {
            summary.skipped.push({ path: raw, reason: path.reason });
            continue;
          }
          if (overTotal) {
            summary.skipped.push({ path: raw, reason: `Not unpacked: the archive unpacks to more than ${limits.maxTotalBytes / MB} MB in all.` });
            continue;
          }
          let content: Buffer;
          try {
            content = Buffer.from((await zip.read(entry.name)) as Uint8Array);
          } catch (error) {
            if (!(error instanceof ExtractionLimitError)) {
              summary.skipped.push({ path: raw, reason: 'This entry is damaged and could not be unpacked.' });
              continue;
            }
            const limit = error.failure.reason === 'unpacks_too_large' ? error.failure.limit : limits.maxEntryBytes;
            if (limit === limits.maxTotalBytes) overTotal = true;
            summary.skipped.push({
              path: raw,
              reason: limit === limits.maxTotalBytes
                ? `Not unpacked: the archive unpacks to more than ${limits.maxTotalBytes / MB} MB in all.`
                : `It unpacks to more than ${limits.maxEntryBytes / MB} MB.`,
            });
            continue;
          }
          try {
            // Checked before its folders are made, so a full library gets no empty folder.
            if (!(await usage.fits(userId, content.length))) throw await usage.fullError(userId);
            const folderId = await folderOf(path.folders);
            const file = await records.storeImportedFile(userId, { folderId, teamId, originalName: path.name, bytes: content });
            summary.files.push({ path: [...path.folders, path.name].join('/'), id: file.id });
            storedAny = true;
          } catch (error) {
            if (error instanceof AppError && error.code === 'storage_full') throw new ImportStopped(error, summary);
            if (error instanceof AppError && (error.code === 'unsupported_type' || error.code === 'conflict' || error.code === 'invalid_input')) {
              summary.skipped.push({ path: raw, reason: error.message });
              continue;
            }
            throw error;
          }
        }
        return summary;
      } finally {
        // The archive itself is not kept: its claim and its bytes go.
        await repo.deleteUpload(db, upload.id);
        await store.delete(key).catch(() => undefined);
        if (storedAny) deps.onFileStored?.();
      }
    },
  };
}

export type ZipImportService = ReturnType<typeof createZipImportService>;
