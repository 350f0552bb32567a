import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileRecord } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { putFiles } from './list-cache';

/** Retry of a failed file's indexing (issue 47): it is queued again, and the list polls until it is read. */
export const reindexFile = async (file: FileRecord): Promise<FileRecord> => {
  await apiRequest('POST', `/api/files/${file.id}/reindex`);
  return { ...file, indexStatus: 'pending', indexError: null };
};

export function useReindexFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reindexFile,
    onSuccess: (file) => putFiles(queryClient, [file]),
  });
}
