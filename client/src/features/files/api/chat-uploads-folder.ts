import type { FileListResponse } from '@contract/files';
import { getJson, HttpError } from '@/lib/request';
import { createFolder } from './create-folder';
import { fileListUrl } from '@contract/file-places';

/** Files uploaded from the chat land here, not loose in Home. */
export const CHAT_UPLOADS_FOLDER = 'Chat uploads';

const findIn = async () =>
  (await getJson<FileListResponse>(fileListUrl({ scope: 'private', folderId: null, search: '' }))).folders.find((f) => f.name === CHAT_UPLOADS_FOLDER)?.id ?? null;

/** The "Chat uploads" folder in Home, created on first use (a second tab creating it at once is found after the conflict). */
export async function chatUploadsFolderId(): Promise<string | null> {
  const found = await findIn();
  if (found) return found;
  try {
    return (await createFolder({ name: CHAT_UPLOADS_FOLDER, parentId: null })).id;
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return findIn();
    throw error;
  }
}
