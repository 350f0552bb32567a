import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { FileListResponse, FileRecord, Folder } from '@contract/files';
import type { FileListParams } from '@contract/file-places';
import { FILES_QUERY_KEY } from './get-files';

/**
 * After a change, the file lists already in the cache are edited in place instead of refetched:
 * a folder of 10,000 files is 100 pages, and refetching them all after one new folder took 11 s.
 * A folder's browse list (no search) is edited; a search list cannot know whether the changed
 * item matches, so it is only marked stale and refetched when shown (it is one short page).
 */

type Pages = InfiniteData<FileListResponse, string>;
type Cached = FileListResponse | Pages;

const isPages = (data: Cached): data is Pages => 'pages' in data;

/** The params of a file-list key: [files, params] or [files, 'pages', params]. */
function paramsOf(key: QueryKey): FileListParams | null {
  const last = key[key.length - 1];
  if (typeof last !== 'object' || last === null || !('folderId' in last)) return null;
  return last as FileListParams;
}

const byName = (a: Folder, b: Folder) => a.name.localeCompare(b.name);

/** FILE_ORDER on the server: newest first, then by name, then id. */
const fileOrder = (a: FileRecord, b: FileRecord) =>
  b.uploadedAt.localeCompare(a.uploadedAt) || a.originalName.localeCompare(b.originalName) || a.id.localeCompare(b.id);

/**
 * Puts `file` where the server would list it, if that place is among the loaded pages: a file
 * that sorts after the last loaded one arrives with a later page and must not be added twice.
 */
function insertFile(pages: FileListResponse[], file: FileRecord): FileListResponse[] {
  const lastPage = pages[pages.length - 1];
  const lastFile = lastPage?.files[lastPage.files.length - 1];
  const moreToLoad = Boolean(lastPage?.nextCursor);
  if (moreToLoad && lastFile && fileOrder(file, lastFile) > 0) return pages;
  const index = pages.findIndex((page) => page.files.some((other) => fileOrder(file, other) < 0));
  const target = index === -1 ? pages.length - 1 : index;
  return pages.map((page, i) => (i === target ? { ...page, files: [...page.files, file].sort(fileOrder) } : page));
}

function editPages(data: Cached, edit: (pages: FileListResponse[]) => FileListResponse[]): Cached {
  if (isPages(data)) return { ...data, pages: edit(data.pages) };
  return edit([data])[0] ?? data;
}

function editLists(queryClient: QueryClient, edit: (pages: FileListResponse[], params: FileListParams) => FileListResponse[]) {
  for (const [key, data] of queryClient.getQueriesData<Cached>({ queryKey: FILES_QUERY_KEY })) {
    const params = paramsOf(key);
    if (!data || !params) continue;
    if (params.search) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    queryClient.setQueryData<Cached>(key, editPages(data, (pages) => edit(pages, params)));
  }
}

const withoutItem = (pages: FileListResponse[], id: string) =>
  pages.map((page) => ({ ...page, folders: page.folders.filter((f) => f.id !== id), files: page.files.filter((f) => f.id !== id) }));

/** A new or changed folder: out of every list, then into its parent's (folders all come with the first page). */
export function putFolder(queryClient: QueryClient, folder: Folder) {
  editLists(queryClient, (pages, params) => {
    const rest = withoutItem(pages, folder.id);
    // Home is folderId null in both libraries: the scope tells them apart.
    if (params.folderId !== folder.parentId || params.scope !== folder.scope) return rest;
    return rest.map((page, i) => (i === 0 ? { ...page, folders: [...page.folders, folder].sort(byName) } : page));
  });
}

/** A new or changed file: out of every list, then into its folder's where the server would list it. */
export function putFiles(queryClient: QueryClient, changed: FileRecord[]) {
  editLists(queryClient, (pages, params) => {
    let result = pages;
    for (const file of changed) {
      result = withoutItem(result, file.id);
      if (params.folderId === file.folderId && params.scope === file.scope) result = insertFile(result, file);
    }
    return result;
  });
}

/** A deleted file or folder leaves every list; a deleted folder's own lists are dropped with it. */
export function removeItem(queryClient: QueryClient, id: string) {
  editLists(queryClient, (pages) => withoutItem(pages, id));
  queryClient.removeQueries({ queryKey: FILES_QUERY_KEY, predicate: (query) => paramsOf(query.queryKey)?.folderId === id });
}
