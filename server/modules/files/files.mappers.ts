import { fileCategoryOf, type FileListResponse, type FileRecord, type Folder } from '@contract/files';
import { indexStatusSchema } from '@contract/search';
import type { FileRow, FolderRow } from '../../db/schema/files';
import type { FilePage } from './files.repository';
import { encodeFileCursor } from './list-cursor';

/** Rows as the contract shows them. */

export const toFileRecord = (row: FileRow): FileRecord => ({
  id: row.id,
  originalName: row.originalName,
  storedName: row.storedName,
  mimeType: row.mimeType,
  category: fileCategoryOf(row.mimeType),
  size: row.size,
  folderId: row.folderId,
  objectPath: row.objectPath,
  uploadedAt: row.uploadedAt.toISOString(),
  indexStatus: indexStatusSchema.catch('pending').parse(row.indexStatus),
  indexError: row.indexError,
});

export const toFolder = (row: FolderRow): Folder => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  createdAt: row.createdAt.toISOString(),
});

export const toListResponse = (folders: FolderRow[], page: FilePage): FileListResponse => ({
  folders: folders.map(toFolder),
  files: page.files.map(toFileRecord),
  nextCursor: page.next ? encodeFileCursor(page.next) : null,
});
