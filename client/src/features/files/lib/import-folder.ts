import { FOLDER_PATH_MAX_DEPTH } from '@contract/files';
import { IMPORT_UPLOADS_AT_ONCE, UPLOAD_MAX_FILE_BYTES } from '@contract/limits';
import { i18n } from '@/lib/i18n/i18n';
import { HttpError } from '@/lib/request';
import '../texts';
import { folderAtPath } from '../api/folder-at-path';
import type { ImportOutcome, ImportTarget } from '../api/import-zip';
import { uploadOne } from '../api/upload-files';
import type { DroppedTree } from './dropped-tree';

const reasonOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? i18n.t('files:skipped.uploadFailed');

/**
 * A dropped or chosen folder uploaded into the target, IMPORT_UPLOADS_AT_ONCE files at a time, its
 * folders rebuilt through POST /api/folders/path (made once per path, reused when there, even when
 * two files of one new folder start together). A full library stops it with the server's sentence:
 * no further file starts, and the outcome lists what was imported, in the folder's own order.
 */
export async function importFolder(tree: DroppedTree, target: ImportTarget, onProgress?: (done: number, total: number) => void): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { folders: 0, files: [], skipped: [...tree.skipped] };
  const folderIds = new Map<string, Promise<string | null>>([['', Promise.resolve(target.folderId)]]);
  const folderFor = (names: string[]) => {
    const key = names.join('/');
    let id = folderIds.get(key);
    if (!id) {
      id = folderAtPath({ names, parentId: target.folderId, ...(target.folderId ? {} : { scope: target.scope }) }).then((made) => {
        outcome.folders += made.created;
        return made.id;
      });
      // A failed path is asked again by the next file that needs it, not remembered as failed.
      id.catch(() => folderIds.delete(key));
      folderIds.set(key, id);
    }
    return id;
  };

  const total = tree.files.length;
  const imported = new Map<number, { path: string; id: string }>();
  let next = 0;
  let done = 0;
  onProgress?.(0, total);

  const importOne = async (index: number) => {
    const { path, file } = tree.files[index]!;
    const names = path.split('/').filter((part) => part !== '' && part !== '.');
    names.pop();
    if (file.size > UPLOAD_MAX_FILE_BYTES) {
      outcome.skipped.push({ path, reason: i18n.t('files:skipped.tooLarge') });
    } else if (names.length > FOLDER_PATH_MAX_DEPTH) {
      outcome.skipped.push({ path, reason: i18n.t('files:skipped.tooDeep', { depth: FOLDER_PATH_MAX_DEPTH }) });
    } else {
      try {
        const folderId = await folderFor(names);
        const record = await uploadOne(file, { folderId, scope: target.scope });
        imported.set(index, { path, id: record.id });
      } catch (error) {
        if (error instanceof HttpError && error.code === 'storage_full') {
          outcome.stopped ??= reasonOf(error);
          return;
        }
        outcome.skipped.push({ path, reason: reasonOf(error) });
      }
    }
    done += 1;
    onProgress?.(done, total);
  };

  const lane = async () => {
    while (next < total && outcome.stopped === undefined) await importOne(next++);
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_UPLOADS_AT_ONCE, total) }, lane));
  outcome.files = [...imported.entries()].sort(([a], [b]) => a - b).map(([, file]) => file);
  return outcome;
}
