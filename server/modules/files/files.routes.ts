import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@contract/errors';
import {
  breadcrumbsResponseSchema,
  createFileBodySchema,
  createFolderBodySchema,
  deleteResponseSchema,
  fileListResponseSchema,
  fileRecordSchema,
  folderIdParamsSchema,
  folderPathBodySchema,
  folderPathResponseSchema,
  folderSchema,
  idParamsSchema,
  importStoppedSchema,
  importSummarySchema,
  importZipBodySchema,
  listFilesQuerySchema,
  storageResponseSchema,
  updateFileBodySchema,
  updateFolderBodySchema,
  uploadCompleteBodySchema,
  uploadCompleteResponseSchema,
  uploadUrlResponseSchema,
} from '@contract/files';
import { requireUser } from '../auth/current-user';
import type { FileRecordsService } from './file-records.service';
import type { FoldersService } from './files-folders.service';
import type { StorageUsage } from './storage-usage';
import type { UploadsService } from './uploads.service';
import { ImportStopped, type ZipImportService } from './zip-import.service';
import { sendFileDownload } from './send-download';

export interface FilesRoutesOptions {
  folders: FoldersService;
  uploads: UploadsService;
  records: FileRecordsService;
  usage: StorageUsage;
  imports: ZipImportService;
}

/** `?download` asks for an attachment (the list view's download button) instead of inline. */
const downloadQuerySchema = z.object({ download: z.string().max(8).optional() });

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * SPEC §7 "Files and folders", plus rename, move and folder delete, and the team library (issue
 * 15): `scope` on listings and new folders and files; every read goes through file-access.ts.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { folders, uploads, records, usage, imports }) => {
  app.get('/api/files', { schema: { querystring: listFilesQuerySchema, response: { 200: fileListResponseSchema, ...errors } } }, async (request) => {
    const user = await requireUser(request);
    return folders.list(user.id, request.query);
  });

  app.get(
    '/api/folders/breadcrumbs/:folderId',
    { schema: { params: folderIdParamsSchema, response: { 200: breadcrumbsResponseSchema, ...errors } } },
    async (request) => folders.breadcrumbs((await requireUser(request)).id, request.params.folderId),
  );

  app.post('/api/folders', { schema: { body: createFolderBodySchema, response: { 201: folderSchema, 409: errorBodySchema, ...errors } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.status(201).send(await folders.createFolder(user.id, request.body));
  });

  // A dropped folder's tree: each folder of the path found or made, in the parent's library.
  app.post('/api/folders/path', { schema: { body: folderPathBodySchema, response: { 200: folderPathResponseSchema, ...errors } } }, async (request) =>
    folders.folderAtPath((await requireUser(request)).id, request.body),
  );

  app.patch(
    '/api/folders/:id',
    { schema: { params: idParamsSchema, body: updateFolderBodySchema, response: { 200: folderSchema, 403: errorBodySchema, 409: errorBodySchema, ...errors } } },
    async (request) => folders.updateFolder((await requireUser(request)).id, request.params.id, request.body),
  );

  app.delete('/api/folders/:id', { schema: { params: idParamsSchema, response: { 200: deleteResponseSchema, 403: errorBodySchema, ...errors } } }, async (request) =>
    folders.deleteFolder((await requireUser(request)).id, request.params.id),
  );

  app.post('/api/objects/upload', { schema: { response: { 200: uploadUrlResponseSchema, 413: errorBodySchema, ...errors } } }, async (request) => {
    const user = await requireUser(request);
    return { uploadURL: await uploads.createUploadUrl(user.id) };
  });

  app.put(
    '/api/files/upload-complete',
    { schema: { body: uploadCompleteBodySchema, response: { 200: uploadCompleteResponseSchema, 409: errorBodySchema, 413: errorBodySchema, ...errors } } },
    async (request) => uploads.completeUpload((await requireUser(request)).id, request.body.fileURL),
  );

  app.post(
    '/api/files',
    { schema: { body: createFileBodySchema, response: { 201: fileRecordSchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await uploads.createFile(user.id, request.body));
    },
  );

  // Bulk import: a ZIP unpacked into folders. Stopped by the storage limit: 413 with what was imported.
  app.post(
    '/api/files/import',
    { schema: { body: importZipBodySchema, response: { 200: importSummarySchema, 409: errorBodySchema, 413: importStoppedSchema, ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      try {
        return await imports.importZip(user.id, request.body);
      } catch (error) {
        if (!(error instanceof ImportStopped)) throw error;
        return reply.status(413).send({ error: error.refusal.message, code: error.refusal.code, imported: error.imported });
      }
    },
  );

  app.get('/api/files/:id', { schema: { params: idParamsSchema, response: { 200: fileRecordSchema, ...errors } } }, async (request) =>
    records.getRecord((await requireUser(request)).id, request.params.id),
  );

  app.patch(
    '/api/files/:id',
    { schema: { params: idParamsSchema, body: updateFileBodySchema, response: { 200: fileRecordSchema, 403: errorBodySchema, ...errors } } },
    async (request) => records.updateFile((await requireUser(request)).id, request.params.id, request.body),
  );

  app.delete('/api/files/:id', { schema: { params: idParamsSchema, response: { 200: deleteResponseSchema, 403: errorBodySchema, ...errors } } }, async (request) =>
    records.deleteFile((await requireUser(request)).id, request.params.id),
  );

  /** What counts against the caller's (team's) storage limit: the file manager's meter. */
  app.get('/api/storage', { schema: { response: { 200: storageResponseSchema, 401: errorBodySchema } } }, async (request) =>
    usage.status((await requireUser(request)).id),
  );

  app.get('/api/files/:id/download', { schema: { params: idParamsSchema, querystring: downloadQuerySchema } }, async (request, reply) => {
    const user = await requireUser(request);
    const file = await records.getFile(user.id, request.params.id);
    const attachment = request.query.download !== undefined;
    // A viewer reading a file in ranges is one download: only a request for the whole file (or its start) counts.
    if (!request.headers.range || /^bytes=0-/.test(request.headers.range)) await records.noteDownload(user.id, file);
    return sendFileDownload(reply, file, request.headers.range, attachment, (range) => records.openFile(file, range));
  });
};
