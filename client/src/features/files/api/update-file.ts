import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileRecord, UpdateFileBody } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { putFiles } from './list-cache';

/** Renames and/or moves a file (folderId null is Home). */
export const updateFile = async ({ id, ...body }: UpdateFileBody & { id: string }): Promise<FileRecord> =>
  (await apiRequest('PATCH', `/api/files/${id}`, body)).json();

export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFile,
    onSuccess: (file) => putFiles(queryClient, [file]),
  });
}
