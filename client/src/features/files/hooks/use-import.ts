import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { FileScope } from '@contract/files';
import { i18n } from '@/lib/i18n/i18n';
import { HttpError } from '@/lib/request';
import '../texts';
import { writtenCount } from '../lib/written-count';
import { FILES_QUERY_KEY } from '../api/get-files';
import { importZip, type ImportOutcome } from '../api/import-zip';
import { filesOfFolderPick, walkDroppedEntries, type DroppedTree } from '../lib/dropped-tree';
import { importFolder } from '../lib/import-folder';

/** Where a bulk import stands, for the import panel; `name` is the ZIP's or the folder's. */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'reading'; name: string }
  | { phase: 'uploading'; name: string; fraction: number }
  | { phase: 'unpacking'; name: string }
  | { phase: 'importing'; name: string; done: number; total: number }
  | { phase: 'done'; name: string; outcome: ImportOutcome }
  | { phase: 'failed'; name: string; error: string };

const sentenceOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? (error instanceof Error ? error.message : i18n.t('files:skipped.importFailed'));

/** The name a folder import goes by: the one item dropped or chosen, or how many. */
const nameOf = (names: readonly string[]) => {
  const distinct = [...new Set(names)];
  return distinct.length === 1 ? distinct[0]! : i18n.t('files:skipped.items', { count: distinct.length, n: writtenCount(i18n.language, distinct.length) });
};

/**
 * Bulk import into the open folder: a ZIP (uploaded, then unpacked by the server) or a folder
 * (dropped or chosen, uploaded file by file). One import at a time; its summary stays until
 * dismissed. The file lists are refetched after, as an import changes many folders at once.
 */
export function useImport(folderId: string | null, scope: FileScope) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const busy = state.phase !== 'idle' && state.phase !== 'done' && state.phase !== 'failed';

  const run = useCallback(
    async (name: string, work: () => Promise<ImportOutcome>) => {
      try {
        const outcome = await work();
        setState({ phase: 'done', name, outcome });
      } catch (error) {
        console.error(`Import of ${name} failed`, error);
        setState({ phase: 'failed', name, error: sentenceOf(error) });
      } finally {
        await queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY });
      }
    },
    [queryClient],
  );

  const zip = useCallback(
    (file: File) =>
      run(file.name, () => {
        setState({ phase: 'uploading', name: file.name, fraction: 0 });
        return importZip(file, { folderId, scope }, {
          onProgress: (fraction) => setState({ phase: 'uploading', name: file.name, fraction }),
          onUploaded: () => setState({ phase: 'unpacking', name: file.name }),
        });
      }),
    [folderId, scope, run],
  );

  const folder = useCallback(
    (name: string, read: () => Promise<DroppedTree> | DroppedTree) =>
      run(name, async () => {
        setState({ phase: 'reading', name });
        const found = await read();
        return importFolder(found, { folderId, scope }, (done, total) => setState({ phase: 'importing', name, done, total }));
      }),
    [folderId, scope, run],
  );

  /** Entries must be taken from the drop event while it runs; they are walked here afterwards. */
  const dropped = useCallback((entries: FileSystemEntry[]) => folder(nameOf(entries.map((e) => e.name)), () => walkDroppedEntries(entries)), [folder]);
  const folderPicked = useCallback(
    (files: File[]) => folder(nameOf(files.map((f) => (f.webkitRelativePath || f.name).split('/')[0]!)), () => filesOfFolderPick(files)),
    [folder],
  );
  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, busy, zip, dropped, folderPicked, dismiss };
}
