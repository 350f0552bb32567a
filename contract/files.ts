import { z } from 'zod';
import { queryCount } from './query-count';
import { indexStatusSchema } from './search';
import { FILE_CATEGORIES } from './file-category';

export { FILE_CATEGORIES, fileCategoryOf, type FileCategory } from './file-category';
export const fileCategorySchema = z.enum(FILE_CATEGORIES);

/** Folder names: SPEC §5 says trimmed and non-empty; slashes would make breadcrumbs ambiguous. */
export const FOLDER_NAME_MAX_LENGTH = 255;
export const FILE_NAME_MAX_LENGTH = 255;

export const folderNameSchema = z
  .string({ error: 'Folder name is required' })
  .trim()
  .min(1, 'Folder name is required')
  .max(FOLDER_NAME_MAX_LENGTH, `Folder name must be at most ${FOLDER_NAME_MAX_LENGTH} characters`)
  .refine((name) => !/[/\\\u0000-\u001f]/.test(name), 'Folder name may not contain slashes or control characters');

export const fileNameSchema = z
  .string({ error: 'File name is required' })
  .trim()
  .min(1, 'File name is required')
  .max(FILE_NAME_MAX_LENGTH, `File name must be at most ${FILE_NAME_MAX_LENGTH} characters`)
  .refine((name) => !/[/\\\u0000-\u001f]/.test(name), 'File name may not contain slashes or control characters');

const idSchema = z.uuid({ error: 'Not a valid id' });

/**
 * Which library a file or folder lives in (issue 15): the user's own ("private") or their team's
 * ("team"). Every member reads and adds to the team library; its uploader, admins and the owner
 * rename, move and delete.
 */
export const FILE_SCOPES = ['private', 'team'] as const;
export const fileScopeSchema = z.enum(FILE_SCOPES, { error: "scope must be 'private' or 'team'" });
export type FileScope = z.infer<typeof fileScopeSchema>;

/** SPEC §3 File record, plus its category. Dates are ISO strings on the wire. */
export const fileRecordSchema = z.object({
  id: z.string(),
  originalName: z.string(),
  storedName: z.string(),
  mimeType: z.string(),
  category: fileCategorySchema,
  size: z.number(),
  folderId: z.string().nullable(),
  objectPath: z.string(),
  uploadedAt: z.string(),
  scope: fileScopeSchema,
  /** Whether the caller may rename, move and delete it (always true in the private library). */
  canModify: z.boolean(),
  /** Where the file stands in the search index (issue 16). */
  indexStatus: indexStatusSchema,
  /** Why indexing failed, as a sentence; null unless indexStatus is failed. */
  indexError: z.string().nullable(),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

/** SPEC §3 Folder. */
export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  scope: fileScopeSchema,
  canModify: z.boolean(),
});
export type Folder = z.infer<typeof folderSchema>;

/** SPEC §3 Breadcrumb item. */
export const breadcrumbSchema = z.object({ id: z.string(), name: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;
export const breadcrumbsResponseSchema = z.array(breadcrumbSchema);

/** GET /api/files returns files a page at a time: SPEC §7's folderId and search, plus paging. */
export const FILE_PAGE_SIZE = 100;
export const FILE_PAGE_SIZE_MAX = 200;

/**
 * GET /api/files?scope&folderId&search&cursor&limit. `scope` picks the library whose Home and
 * search are listed (private when absent); a folder is listed in the library it belongs to.
 */
export const listFilesQuerySchema = z.object({
  scope: fileScopeSchema.optional(),
  folderId: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), idSchema.optional()),
  search: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  ),
  /** The previous page's nextCursor; opaque to the client. */
  cursor: z.string().min(1).max(2048, 'That cursor is not valid').optional(),
  limit: queryCount('limit', FILE_PAGE_SIZE_MAX).optional(),
});
export type ListFilesQuery = z.infer<typeof listFilesQuerySchema>;

/**
 * Folders come whole on the first page (none on later ones); files newest first, a page at a
 * time. Pass `nextCursor` back as `cursor` for the next page; null on the last one.
 */
export const fileListResponseSchema = z.object({
  folders: z.array(folderSchema),
  files: z.array(fileRecordSchema),
  nextCursor: z.string().nullable(),
});
export type FileListResponse = z.infer<typeof fileListResponseSchema>;

export const idParamsSchema = z.object({ id: idSchema });
export const folderIdParamsSchema = z.object({ folderId: idSchema });

/** POST /api/folders */
export const createFolderBodySchema = z.object({
  name: folderNameSchema,
  parentId: idSchema.nullish(),
  /** At the top level, which library; inside a folder the folder's library (a different one is a 400). */
  scope: fileScopeSchema.optional(),
});
export type CreateFolderBody = z.infer<typeof createFolderBodySchema>;

/** Folders a dropped folder's path may name below its target (as deep as a bulk import's ZIP). */
export const FOLDER_PATH_MAX_DEPTH = 16;

/**
 * POST /api/folders/path: the folder at this path of names below parentId (Home of `scope` when
 * absent), each made when missing and reused when there: a dropped folder's tree, rebuilt.
 */
export const folderPathBodySchema = z.object({
  names: z
    .array(folderNameSchema, { error: 'names is required' })
    .min(1, 'names is required')
    .max(FOLDER_PATH_MAX_DEPTH, `A path is at most ${FOLDER_PATH_MAX_DEPTH} folders deep`),
  parentId: idSchema.nullish(),
  scope: fileScopeSchema.optional(),
});
export type FolderPathBody = z.infer<typeof folderPathBodySchema>;
/** The deepest folder's id, and how many of the path's folders were made now. */
export const folderPathResponseSchema = z.object({ id: z.string(), created: z.number().int() });
export type FolderPathResponse = z.infer<typeof folderPathResponseSchema>;

/** POST /api/objects/upload → {uploadURL} */
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponseSchema>;

/** PUT /api/files/upload-complete {fileURL} → {objectPath} */
export const uploadCompleteBodySchema = z.object({
  fileURL: z.string({ error: 'fileURL is required' }).min(1, 'fileURL is required').max(4096),
});
export type UploadCompleteBody = z.infer<typeof uploadCompleteBodySchema>;
export const uploadCompleteResponseSchema = z.object({ objectPath: z.string() });
export type UploadCompleteResponse = z.infer<typeof uploadCompleteResponseSchema>;

/**
 * POST /api/files with SPEC §7's fields. The server takes size and type from the stored bytes,
 * so `size` and `mimeType` are accepted but only as hints.
 */
export const createFileBodySchema = z.object({
  originalName: fileNameSchema,
  storedName: z.string().max(1024).optional(),
  mimeType: z.string().max(255).optional(),
  size: z.number().int().min(0).optional(),
  folderId: idSchema.nullish(),
  objectPath: z.string({ error: 'objectPath is required' }).min(1, 'objectPath is required').max(1024),
  /** As for a folder: the library of Home when folderId is absent, else the folder's. */
  scope: fileScopeSchema.optional(),
});
export type CreateFileBody = z.infer<typeof createFileBodySchema>;

/**
 * PATCH /api/files/:id — rename and/or move (folderId null = Home). A folder in the other library,
 * or `scope` with folderId null, moves the file between the private and team libraries.
 */
export const updateFileBodySchema = z
  .object({ originalName: fileNameSchema.optional(), folderId: idSchema.nullable().optional(), scope: fileScopeSchema.optional() })
  .refine((body) => body.originalName !== undefined || body.folderId !== undefined || body.scope !== undefined, 'Send a new name, a folder or a scope');
export type UpdateFileBody = z.infer<typeof updateFileBodySchema>;

/** PATCH /api/folders/:id — rename and/or move (parentId null = Home). */
export const updateFolderBodySchema = z
  .object({ name: folderNameSchema.optional(), parentId: idSchema.nullable().optional() })
  .refine((body) => body.name !== undefined || body.parentId !== undefined, 'Send a new name or a parent folder');
export type UpdateFolderBody = z.infer<typeof updateFolderBodySchema>;

/** DELETE answers with what went, so the client can say so. */
export const deleteResponseSchema = z.object({ ok: z.literal(true), deletedFiles: z.number(), deletedFolders: z.number() });
export type DeleteResponse = z.infer<typeof deleteResponseSchema>;

/**
 * GET /api/storage: what counts against the caller's storage limit. A team shares one limit,
 * STORAGE_LIMIT_BYTES per member, and everything its members keep counts: the team library and
 * each member's private files.
 */
export const storageResponseSchema = z.object({
  usedBytes: z.number(),
  limitBytes: z.number(),
  /** Members whose seats make up the limit (1 for a team of one). */
  seats: z.number(),
});
export type StorageResponse = z.infer<typeof storageResponseSchema>;

/** POST /api/files/import: unpack an uploaded ZIP (completed through upload-complete) into folders. */
export const importZipBodySchema = z.object({
  objectPath: z.string({ error: 'objectPath is required' }).min(1, 'objectPath is required').max(1024),
  /** Where the archive's folders go; Home of `scope` when absent. */
  folderId: idSchema.nullish(),
  scope: fileScopeSchema.optional(),
});
export type ImportZipBody = z.infer<typeof importZipBodySchema>;

/** What an import made: folders created, files kept (by their path in the archive), entries left out and why. */
export const importSummarySchema = z.object({
  folders: z.number().int(),
  files: z.array(z.object({ path: z.string(), id: z.string() })),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** An import stopped part way (the storage limit): the sentence, and what was imported before it. */
export const importStoppedSchema = z.object({ error: z.string(), code: z.string(), imported: importSummarySchema });
