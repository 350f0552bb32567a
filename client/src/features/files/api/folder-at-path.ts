import type { FolderPathBody, FolderPathResponse } from '@contract/files';
import { apiRequest } from '@/lib/request';

/** POST /api/folders/path: the folder at a path of names, each level found or made (a dropped folder's tree). */
export const folderAtPath = async (body: FolderPathBody): Promise<FolderPathResponse> =>
  (await apiRequest('POST', '/api/folders/path', body)).json();
