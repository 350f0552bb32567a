import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { FILES_QUERY_KEY } from './get-files';

export const deleteFile = async (id: string): Promise<DeleteResponse> => (await apiRequest('DELETE', `/api/files/${id}`)).json();

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}
