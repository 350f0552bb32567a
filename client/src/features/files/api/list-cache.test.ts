import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { FileListResponse, FileRecord, Folder } from '@contract/files';
import { fileListPagesQueryOptions, fileListQueryOptions } from './get-files';
import { putFiles, putFolder, removeItem } from './list-cache';

const folder = (id: string, name: string, parentId: string | null = null, scope: Folder['scope'] = 'private'): Folder => ({
  id,
  name,
  parentId,
  createdAt: '2026-01-01T00:00:00.000Z',
  scope,
  canModify: true,
});
const file = (id: string, uploadedAt: string, folderId: string | null = null, scope: FileRecord['scope'] = 'private'): FileRecord => ({
  id,
  originalName: `${id}.txt`,
  storedName: id,
  mimeType: 'text/plain',
  category: 'document',
  size: 1,
  folderId,
  objectPath: id,
  uploadedAt,
  scope,
  canModify: true,
  indexStatus: 'indexed',
  indexError: null,
});

const home = { scope: 'private' as const, folderId: null, search: '' };
const pagesKey = fileListPagesQueryOptions(home).queryKey;
type Pages = InfiniteData<FileListResponse, string>;

function clientWith(pages: FileListResponse[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Pages>(pagesKey, { pages, pageParams: pages.map((_, i) => (i === 0 ? '' : `c${i}`)) });
  return queryClient;
}
const ids = (queryClient: QueryClient) =>
  queryClient.getQueryData<Pages>(pagesKey)!.pages.map((page) => [...page.folders.map((f) => f.name), ...page.files.map((f) => f.id)]);

describe('file lists edited in place after a change', () => {
  it('keeps the two libraries apart: a new private file or folder at Home never enters the team Home list', () => {
    const queryClient = clientWith([{ folders: [], files: [], nextCursor: null }]);
    const teamHome = fileListPagesQueryOptions({ scope: 'team', folderId: null, search: '' }).queryKey;
    queryClient.setQueryData<Pages>(teamHome, { pages: [{ folders: [], files: [], nextCursor: null }], pageParams: [''] });

    putFolder(queryClient, folder('p', 'Private notes'));
    putFiles(queryClient, [file('mine', '2026-03-01T00:00:00.000Z'), file('shared', '2026-03-02T00:00:00.000Z', null, 'team')]);

    expect(ids(queryClient)).toEqual([['Private notes', 'mine']]);
    const team = queryClient.getQueryData<Pages>(teamHome)!.pages.map((page) => [...page.folders.map((f) => f.name), ...page.files.map((f) => f.id)]);
    expect(team).toEqual([['shared']]);
  });

  it('puts a new folder into its parent list by name, and into no other folder', () => {
    const queryClient = clientWith([{ folders: [folder('a', 'Alpha'), folder('c', 'Gamma')], files: [file('f1', '2026-03-01T00:00:00.000Z')], nextCursor: null }]);
    const other = fileListQueryOptions({ scope: 'private', folderId: 'c', search: '' }).queryKey;
    queryClient.setQueryData<FileListResponse>(other, { folders: [], files: [], nextCursor: null });

    putFolder(queryClient, folder('b', 'Beta'));

    expect(ids(queryClient)).toEqual([['Alpha', 'Beta', 'Gamma', 'f1']]);
    expect(queryClient.getQueryData<FileListResponse>(other)!.folders).toEqual([]);
  });

  it('moves a renamed folder to its new place instead of adding it twice', () => {
    const queryClient = clientWith([{ folders: [folder('a', 'Alpha'), folder('b', 'Beta')], files: [], nextCursor: null }]);
    putFolder(queryClient, folder('a', 'Zeta'));
    expect(ids(queryClient)).toEqual([['Beta', 'Zeta']]);
  });

  it('inserts an uploaded file newest first, on the page where the server would list it', () => {
    const queryClient = clientWith([
      { folders: [], files: [file('f3', '2026-03-03T00:00:00.000Z'), file('f2', '2026-03-02T00:00:00.000Z')], nextCursor: 'c1' },
      { folders: [], files: [file('f1', '2026-03-01T00:00:00.000Z')], nextCursor: null },
    ]);
    putFiles(queryClient, [file('f4', '2026-03-04T00:00:00.000Z'), file('f0', '2026-02-01T00:00:00.000Z')]);
    expect(ids(queryClient)).toEqual([['f4', 'f3', 'f2'], ['f1', 'f0']]);
  });

  it('leaves out a file that sorts after the last loaded one while more pages remain: that page will bring it', () => {
    const queryClient = clientWith([{ folders: [], files: [file('f2', '2026-03-02T00:00:00.000Z')], nextCursor: 'c1' }]);
    putFiles(queryClient, [file('old', '2025-01-01T00:00:00.000Z')]);
    expect(ids(queryClient)).toEqual([['f2']]);
  });

  it('takes a file moved to another folder out of this one', () => {
    const queryClient = clientWith([{ folders: [folder('a', 'Alpha')], files: [file('f1', '2026-03-01T00:00:00.000Z')], nextCursor: null }]);
    putFiles(queryClient, [file('f1', '2026-03-01T00:00:00.000Z', 'a')]);
    expect(ids(queryClient)).toEqual([['Alpha']]);
  });

  it('removes a deleted item from every page, drops the deleted folder\'s own list, and marks search lists stale', () => {
    const queryClient = clientWith([
      { folders: [folder('a', 'Alpha')], files: [file('f2', '2026-03-02T00:00:00.000Z')], nextCursor: 'c1' },
      { folders: [], files: [file('f1', '2026-03-01T00:00:00.000Z')], nextCursor: null },
    ]);
    const inside = fileListPagesQueryOptions({ scope: 'private', folderId: 'a', search: '' }).queryKey;
    queryClient.setQueryData(inside, { pages: [{ folders: [], files: [], nextCursor: null }], pageParams: [''] });
    const searchKey = fileListPagesQueryOptions({ scope: 'private', folderId: null, search: 'f' }).queryKey;
    queryClient.setQueryData(searchKey, { pages: [{ folders: [], files: [], nextCursor: null }], pageParams: [''] });

    removeItem(queryClient, 'f1');
    removeItem(queryClient, 'a');

    expect(ids(queryClient)).toEqual([['f2'], []]);
    expect(queryClient.getQueryData(inside)).toBeUndefined();
    expect(queryClient.getQueryState(searchKey)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(pagesKey)!.isInvalidated).toBe(false);
  });
});
