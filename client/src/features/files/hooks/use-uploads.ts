import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { FileRecord, FileScope } from '@contract/files';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { putFiles } from '../api/list-cache';
import { describeSkipped, selectUploadable, uploadFiles } from '../api/upload-files';
import { writtenCount } from '../lib/written-count';
// Registers the `files` texts the toasts below read (this hook is also used outside the file manager).
import '../texts';

export interface UploadProgress {
  id: string;
  name: string;
  /** 0 to 1. */
  fraction: number;
  status: 'waiting' | 'uploading' | 'done';
}

/**
 * Runs a pick of uploads into a folder and tracks each file's progress for the progress bars.
 * SPEC §8: success shows 'Files uploaded!' with the count; failures are only logged.
 */
export function useUploads(folderId: string | null, options: { allowedMimeTypes?: readonly string[]; scope?: FileScope } = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress[]>([]);
  const batch = useRef(0);

  const start = useCallback(
    async (picked: File[]): Promise<FileRecord[]> => {
      const files = selectUploadable(picked, options.allowedMimeTypes);
      const skipped = describeSkipped(picked, options.allowedMimeTypes);
      if (files.length === 0) {
        if (skipped) toast({ title: i18n.t('files:uploads.nothing'), description: skipped });
        return [];
      }
      const batchId = ++batch.current;
      setProgress(files.map((file, index) => ({ id: `${batchId}-${index}`, name: file.name, fraction: 0, status: 'waiting' })));
      // The same name may be picked twice: progress is matched to the first entry still open.
      const update = (name: string, fraction: number) =>
        setProgress((items) => {
          const index = items.findIndex((item) => item.name === name && item.status !== 'done');
          if (index < 0) return items;
          const next = [...items];
          next[index] = { ...next[index]!, fraction, status: fraction >= 1 ? 'done' : 'uploading' };
          return next;
        });
      const saved = await uploadFiles(files, { folderId, scope: options.scope, onProgress: update, allowedMimeTypes: options.allowedMimeTypes });
      // Into the loaded lists in place: refetching a long folder's every page is what made it slow.
      putFiles(queryClient, saved);
      if (saved.length > 0) {
        const count = saved.length;
        const done = i18n.t('files:uploads.doneText', { count, n: writtenCount(i18n.language, count) });
        toast({ title: i18n.t('files:uploads.done'), description: [done, skipped].filter(Boolean).join(' ') });
      }
      if (batch.current === batchId) setProgress([]);
      return saved;
    },
    [folderId, options.scope, options.allowedMimeTypes, queryClient],
  );

  return { progress, uploading: progress.length > 0, start };
}
