import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_FILE_BYTES } from '@contract/limits';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createFileRecordsService } from './file-records.service';
import { createFoldersService } from './files-folders.service';
import { filesRoutes } from './files.routes';
import { localUploadRoutes } from './local-upload.routes';
import { scheduleOrphanSweeps } from './orphan-sweep';
import { parseAllowedTypes } from './sniff-type';
import { createStorageUsage } from './storage-usage';
import { createUploadsService } from './uploads.service';
import { createZipImportService } from './zip-import.service';

export interface FilesServicesDeps {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  /** HMAC key of the local store's upload URLs. */
  secret: string;
  maxFileBytes: number;
  storageLimitBytes: number;
  allowedTypes?: readonly string[];
  uploadUrlTtlSeconds: number;
  /** An upload body that sends nothing for this long is refused (408). */
  uploadIdleMs: number;
  /**
   * Told when an upload or an import has stored file records: the search module's indexer is
   * nudged through it (issue 46), not by matching the routes' URLs.
   */
  onFileStored?(): void;
}

/** The services' limits from the configuration. */
export const filesLimitsOf = (config: Config) => ({
  maxFileBytes: UPLOAD_MAX_FILE_BYTES,
  storageLimitBytes: config.STORAGE_LIMIT_BYTES,
  allowedTypes: parseAllowedTypes(config.UPLOAD_ALLOWED_TYPES),
  uploadUrlTtlSeconds: config.UPLOAD_URL_TTL_SECONDS,
  uploadIdleMs: config.REQUEST_BODY_TIMEOUT_SECONDS * 1000,
});

/**
 * The files area's services, sharing one storage-usage check. The composition root hands
 * `records` to other areas (chat) and `usage` to the profile; nothing else touches file rows.
 */
export function createFilesServices(deps: FilesServicesDeps) {
  const { db, store, clock } = deps;
  const usage = createStorageUsage({ db, limitBytes: deps.storageLimitBytes });
  const folders = createFoldersService({ db, store, clock });
  const uploads = createUploadsService({
    db,
    store,
    clock,
    usage,
    folders,
    secret: deps.secret,
    maxFileBytes: deps.maxFileBytes,
    allowedTypes: deps.allowedTypes,
    uploadUrlTtlSeconds: deps.uploadUrlTtlSeconds,
    uploadIdleMs: deps.uploadIdleMs,
    onFileStored: deps.onFileStored,
  });
  const records = createFileRecordsService({ db, store, clock, usage, folders, maxFileBytes: deps.maxFileBytes, allowedTypes: deps.allowedTypes });
  const imports = createZipImportService({ db, store, folders, records, usage, onFileStored: deps.onFileStored });
  return { usage, folders, uploads, records, imports };
}

export type FilesServices = ReturnType<typeof createFilesServices>;

export interface FilesModuleOptions {
  services: FilesServices;
  sweep: { db: Db; store: ObjectStore; clock: Clock; intervalMinutes: number };
}

/** The files area: its JSON routes, the local store's upload URL, and the orphan sweeps. */
export async function registerFilesModule(app: FastifyInstance, { services, sweep }: FilesModuleOptions) {
  await app.register(filesRoutes, { folders: services.folders, uploads: services.uploads, records: services.records, usage: services.usage, imports: services.imports });
  if (!sweep.store.presignPut) await app.register(localUploadRoutes, { uploads: services.uploads });
  scheduleOrphanSweeps(app, sweep, sweep.intervalMinutes);
}
