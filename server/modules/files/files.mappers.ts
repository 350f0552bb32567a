import { fileCategoryOf, type FileListResponse, type FileRecord, type Folder } from '@contract/files';
import { indexStatusSchema } from '@contract/search';
import type { FileRow, FolderRow } from '../../db/schema/files';
import { mayModify, scopeOf, type Member } from './file-access';
import type { FilePage } from './files.repository';
import { encodeFileCursor } from './list-cursor';

/** Rows as the contract shows them to `member` (whether they may change each one). */

export const toFileRecord = (row: FileRow, member: Member): FileRecord => ({
  id: row.id,
  originalName: row.originalName,
  storedName: row.storedName,
  mimeType: row.mimeType,
  category: fileCategoryOf(row.mimeType),
  size: row.size,
  folderId: row.folderId,
  objectPath: row.objectPath,
  uploadedAt: row.uploadedAt.toISOString(),
  scope: scopeOf(row),
  canModify: mayModify(member, row),
  indexStatus: indexStatusSchema.catch('pending').parse(row.indexStatus),
  indexError: row.indexError,
});

export const toFolder = (row: FolderRow, member: Member): Folder => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  createdAt: row.createdAt.toISOString(),
  scope: scopeOf(row),
  canModify: mayModify(member, row),
});

export const toListResponse = (folders: FolderRow[], page: FilePage, member: Member): FileListResponse => ({
  folders: folders.map((row) => toFolder(row, member)),
  files: page.files.map((row) => toFileRecord(row, member)),
  nextCursor: page.next ? encodeFileCursor(page.next) : null,
});
