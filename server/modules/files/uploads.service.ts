import type { Readable } from 'node:stream';
import { fileCategoryOf, type CreateFileBody, type FileRecord } from '@contract/files';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { currentMember, scopeOf } from './file-access';
import { teamIdFor, type FoldersService } from './files-folders.service';
import { toFileRecord } from './files.mappers';
import { filesRepository as repo } from './files.repository';
import { keyFromFileUrl, keyFromObjectPath, newObjectKey, objectPathOf, ownerOfKey, storedNameOf } from './object-keys';
import { SNIFF_BYTES, sniffMimeType, typeAllowed } from './sniff-type';
import type { StorageUsage } from './storage-usage';
import { readStart } from './stored-objects';
import { guardUploadBody } from './upload-body';
import { createUploadSlots } from './upload-slots';
import { checkUploadSignature, signedUploadUrl } from './upload-signature';

export interface UploadsServiceDeps {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  usage: StorageUsage;
  folders: Pick<FoldersService, 'requireFolder'>;
  secret: string;
  maxFileBytes: number;
  allowedTypes?: readonly string[];
  uploadUrlTtlSeconds: number;
  /** An upload body that sends nothing for this long is refused (408). */
  uploadIdleMs: number;
  /** Told once a file record is stored (the search module's indexer looks at its queue now). */
  onFileStored?(): void;
}

/** Uploads one user may have in flight at once, in this process (each holds a socket and a temp file). */
export const UPLOADS_IN_FLIGHT_PER_USER = 4;
/**
 * Upload links one user may hold unused: the client asks for one per file, just before sending
 * it, so more than a pick of files' worth means something is asking in bulk.
 */
export const WAITING_UPLOAD_LINKS_PER_USER = 20;

const alreadyRecorded = () => new AppError('conflict', 'That upload already has a file record.', 'objectPath');
const linkUsed = () => new AppError('conflict', 'This upload link has already been used.');

/**
 * SPEC §7's upload flow: a URL for one new object, the bytes, completion, then the file record.
 * Bytes count against the storage limit from the moment they arrive (uploads.size), and every
 * check that lets bytes stay is made in one transaction with the write, under the user's storage
 * lock (StorageUsage.transaction).
 */
export function createUploadsService(deps: UploadsServiceDeps) {
  const { db, store, clock, usage } = deps;
  const tooLarge = (headers?: Record<string, string>) => new AppError('too_large', `The file is larger than ${deps.maxFileBytes} bytes.`, undefined, headers);
  const slots = createUploadSlots(UPLOADS_IN_FLIGHT_PER_USER);

  /** Forgets an upload that broke a rule: the object and its claim both go. */
  const discardUpload = async (uploadId: string, key: string) => {
    await store.delete(key).catch(() => undefined);
    await repo.deleteUpload(db, uploadId);
  };

  return {
    /** POST /api/objects/upload: a short-lived URL for one new object key of this user. */
    async createUploadUrl(userId: string): Promise<string> {
      const key = newObjectKey(userId);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + deps.uploadUrlTtlSeconds * 1000);
      await usage.transaction(userId, async (tx) => {
        if (!(await usage.hasRoom(userId, { tx }))) throw await usage.fullError(userId, { tx });
        if ((await repo.countWaitingUploads(tx, userId, now)) >= WAITING_UPLOAD_LINKS_PER_USER) {
          throw new AppError(
            'rate_limited',
            `You have ${WAITING_UPLOAD_LINKS_PER_USER} upload links that have not been used yet. Use them or wait a few minutes, then try again.`,
          );
        }
        await repo.insertUpload(tx, { userId, objectKey: key, createdAt: now, expiresAt });
      });
      if (store.presignPut) return store.presignPut(key, deps.uploadUrlTtlSeconds);
      return signedUploadUrl(deps.secret, key, userId, expiresAt);
    },

    /** The local store's PUT: checks the signature, then streams the body to disk under the limits. */
    async receiveUpload(input: {
      key: string;
      userId: string;
      expires: number;
      signature: string;
      contentType?: string;
      contentLength?: number;
      body: Readable;
    }) {
      const check = checkUploadSignature(deps.secret, input, clock.now());
      if (check === 'invalid') throw new AppError('invalid_signature', 'This upload link is not valid.');
      if (check === 'expired') throw new AppError('invalid_signature', 'This upload link has expired. Start the upload again.');
      const upload = await repo.findUploadByKey(db, input.key);
      if (!upload || upload.userId !== input.userId || ownerOfKey(input.key) !== input.userId) {
        throw new AppError('invalid_signature', 'This upload link is not valid.');
      }
      if (upload.completedAt || upload.size !== null || (await store.head(input.key))) throw linkUsed();
      const claimed = input.contentType?.split(';')[0]?.trim().toLowerCase();
      if (claimed && !typeAllowed(claimed, deps.allowedTypes)) {
        throw new AppError('unsupported_type', `Files of type ${claimed} are not allowed here.`);
      }
      const remaining = await usage.remainingBytes(input.userId);
      if (input.contentLength !== undefined && input.contentLength > deps.maxFileBytes) throw tooLarge({ connection: 'close' });
      if (input.contentLength !== undefined && input.contentLength > remaining) throw await usage.fullError(input.userId);
      const maxBytes = Math.min(deps.maxFileBytes, Math.max(remaining, 0));
      const release = slots.take(input.userId, input.key);
      let size: number;
      try {
        ({ size } = await store.put(input.key, guardUploadBody(input.body, deps.uploadIdleMs), { maxBytes, contentType: claimed }));
      } catch (error) {
        if (error instanceof AppError && error.code === 'too_large') {
          throw maxBytes < deps.maxFileBytes ? await usage.fullError(input.userId) : tooLarge({ connection: 'close' });
        }
        throw error;
      } finally {
        release();
      }
      // Other uploads of this user may have arrived meanwhile: the bytes stay only if they still fit.
      const outcome = await usage.transaction(input.userId, async (tx) => {
        if (!(await usage.fits(input.userId, size, { tx, replacing: upload.id }))) return 'full';
        return (await repo.setUploadSize(tx, upload.id, size)) ? 'kept' : 'used';
      });
      if (outcome !== 'kept') {
        await store.delete(input.key).catch(() => undefined);
        throw outcome === 'full' ? await usage.fullError(input.userId) : linkUsed();
      }
      return { size };
    },

    /** PUT /api/files/upload-complete: the object must exist, be this user's, and obey the limits. */
    async completeUpload(userId: string, fileURL: string): Promise<{ objectPath: string }> {
      const key = keyFromFileUrl(fileURL);
      const upload = await repo.findUploadByKey(db, key);
      if (!upload || upload.userId !== userId) throw notFound('That upload');
      const info = await store.head(key);
      if (!info) throw new AppError('conflict', 'Nothing has been uploaded to that address yet.', 'fileURL');
      if (!upload.completedAt) {
        if (info.size > deps.maxFileBytes) {
          await discardUpload(upload.id, key);
          throw tooLarge();
        }
        // An S3 upload's size is known only now; a local one's is re-read from the store.
        const outcome = await usage.transaction(userId, async (tx) => {
          if (!(await usage.fits(userId, info.size, { tx, replacing: upload.id }))) return 'full';
          await repo.markUploadCompleted(tx, upload.id, clock.now(), info.size);
          return 'kept';
        });
        if (outcome === 'full') {
          await discardUpload(upload.id, key);
          throw await usage.fullError(userId);
        }
      }
      return { objectPath: objectPathOf(key) };
    },

    /** POST /api/files: the record, with the size from the store and the type from the bytes. */
    async createFile(userId: string, body: CreateFileBody): Promise<FileRecord> {
      const key = keyFromObjectPath(body.objectPath);
      const upload = await repo.findUploadByKey(db, key);
      const missing = async () => (ownerOfKey(key) === userId && (await repo.fileExistsAt(db, objectPathOf(key))) ? alreadyRecorded() : notFound('That upload'));
      if (!upload || upload.userId !== userId) throw await missing();
      if (!upload.completedAt) throw new AppError('conflict', 'Complete the upload before saving its record.', 'objectPath');
      // The library: a folder's own, else `scope`'s Home (private when absent).
      const folderId = body.folderId ?? null;
      const member = await currentMember(db, userId);
      let teamId = teamIdFor(member, body.scope ?? 'private');
      if (folderId) {
        const folder = await deps.folders.requireFolder(userId, folderId);
        if (body.scope && body.scope !== scopeOf(folder)) {
          throw new AppError('invalid_input', `That folder is in your ${scopeOf(folder) === 'team' ? 'team' : 'private'} library, not the ${body.scope === 'team' ? 'team' : 'private'} one.`, 'scope');
        }
        teamId = folder.teamId;
      }
      // The size and the first bytes at once: one round trip to a remote store instead of two
      // (bench/peers.bench.ts). The start is read again only when the object is no longer the size
      // upload-complete measured.
      const measured = upload.size;
      const [info, early] = await Promise.all([
        store.head(key),
        measured ? readStart(store, key, measured, SNIFF_BYTES).catch(() => null) : null,
      ]);
      if (!info) {
        await repo.deleteUpload(db, upload.id);
        throw notFound('That upload');
      }
      const start = early && info.size === measured ? early : await readStart(store, key, info.size, SNIFF_BYTES);
      const mimeType = await sniffMimeType(start, body.mimeType);
      if (!typeAllowed(mimeType, deps.allowedTypes)) {
        await discardUpload(upload.id, key);
        throw new AppError('unsupported_type', `Files of type ${mimeType} are not allowed here.`);
      }
      // The claim is re-read under the lock (and its row held): a twin request may have made the
      // record meanwhile, and the sweep must not drop the claim between the check and the insert.
      // The record and the claim's removal commit together, so no crash can leave both.
      const outcome = await usage
        .transaction(userId, async (tx) => {
          const current = await repo.findUploadByKey(tx, key, { lock: true });
          if (!current) return 'gone' as const;
          if (!(await usage.fits(userId, info.size, { tx, replacing: current.id }))) {
            await repo.deleteUpload(tx, current.id);
            return 'full' as const;
          }
          const row = await repo.insertFile(tx, {
            userId,
            teamId,
            folderId,
            originalName: body.originalName,
            storedName: storedNameOf(key),
            mimeType,
            category: fileCategoryOf(mimeType),
            size: info.size,
            objectPath: objectPathOf(key),
            uploadedAt: clock.now(),
          });
          await repo.deleteUpload(tx, current.id);
          return row;
        })
        .catch((error: unknown) => {
          if (uniqueViolation(error) !== undefined) throw alreadyRecorded();
          throw error;
        });
      if (outcome === 'gone') throw await missing();
      if (outcome === 'full') {
        // The claim went with the transaction, so nothing can record these bytes any more.
        await store.delete(key).catch(() => undefined);
        throw await usage.fullError(userId);
      }
      deps.onFileStored?.();
      return toFileRecord(outcome, member);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
