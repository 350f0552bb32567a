import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { filesRoutes } from './files.routes';
import type { FilesService } from './files.service';
import { localUploadRoutes } from './local-upload.routes';
import { scheduleOrphanSweeps } from './orphan-sweep';

export interface FilesModuleOptions {
  files: FilesService;
  sweep: { db: Db; store: ObjectStore; clock: Clock; intervalMinutes: number };
}

/** The files area: its JSON routes, the local store's upload URL, and the orphan sweeps. */
export async function registerFilesModule(app: FastifyInstance, { files, sweep }: FilesModuleOptions) {
  await app.register(filesRoutes, { files });
  if (!sweep.store.presignPut) await app.register(localUploadRoutes, { files });
  scheduleOrphanSweeps(app, sweep, sweep.intervalMinutes);
}
