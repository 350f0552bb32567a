import type { FileRecord } from '@contract/files';

/**
 * The `index`th file of a test's list: a private, indexed PDF named report-<index>.pdf, with an id
 * that sorts as the index does. `changes` sets what a test is about (a name, a scope).
 */
export const fileRecord = (index: number, changes: Partial<FileRecord> = {}): FileRecord => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  originalName: `report-${index}.pdf`,
  storedName: `stored-${index}.pdf`,
  mimeType: 'application/pdf',
  category: 'document',
  size: 2048,
  folderId: null,
  objectPath: `u/stored-${index}.pdf`,
  uploadedAt: '2026-11-27T10:00:00.000Z',
  scope: 'private',
  canModify: true,
  indexStatus: 'indexed',
  indexError: null,
  ...changes,
});
