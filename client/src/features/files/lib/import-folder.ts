import { FOLDER_PATH_MAX_DEPTH } from '@contract/files';
import { UPLOAD_MAX_FILE_BYTES } from '@contract/limits';
import { HttpError } from '@/lib/request';
import { folderAtPath } from '../api/folder-at-path';
import type { ImportOutcome, ImportTarget } from '../api/import-zip';
import { uploadOne } from '../api/upload-files';
import type { DroppedTree } from './dropped-tree';

const reasonOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? 'The upload failed; try this file again.';

/**
 * A dropped or chosen folder uploaded file by file into the target, its folders rebuilt through
 * POST /api/folders/path (made once per path, reused when there). One file after another, as an
 * upload pick is; a full library stops it with the server's sentence and what was imported.
 */
export async function importFolder(tree: DroppedTree, target: ImportTarget, onProgress?: (done: number, total: number) => void): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { folders: 0, files: [], skipped: [...tree.skipped] };
  const folderIds = new Map<string, string | null>([['', target.folderId]]);
  const folderFor = async (names: string[]) => {
    const key = names.join('/');
    const known = folderIds.get(key);
    if (known !== undefined) return known;
    const made = await folderAtPath({ names, parentId: target.folderId, ...(target.folderId ? {} : { scope: target.scope }) });
    outcome.folders += made.created;
    folderIds.set(key, made.id);
    return made.id;
  };

  const total = tree.files.length;
  onProgress?.(0, total);
  for (const [index, { path, file }] of tree.files.entries()) {
    const names = path.split('/').filter((part) => part !== '' && part !== '.');
    names.pop();
    if (file.size > UPLOAD_MAX_FILE_BYTES) {
      outcome.skipped.push({ path, reason: 'It is larger than 100 MB.' });
    } else if (names.length > FOLDER_PATH_MAX_DEPTH) {
      outcome.skipped.push({ path, reason: `Nested more than ${FOLDER_PATH_MAX_DEPTH} folders deep.` });
    } else {
      try {
        const folderId = await folderFor(names);
        const record = await uploadOne(file, { folderId, scope: target.scope });
        outcome.files.push({ path, id: record.id });
      } catch (error) {
        if (error instanceof HttpError && error.code === 'storage_full') {
          outcome.stopped = reasonOf(error);
          return outcome;
        }
        outcome.skipped.push({ path, reason: reasonOf(error) });
      }
    }
    onProgress?.(index + 1, total);
  }
  return outcome;
}
