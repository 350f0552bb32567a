import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { removeItem } from './list-cache';

export const deleteFile = async (id: string): Promise<DeleteResponse> => (await apiRequest('DELETE', `/api/files/${id}`)).json();

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_response, id) => removeItem(queryClient, id),
  });
}
