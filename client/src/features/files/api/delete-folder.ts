import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { BREADCRUMBS_QUERY_KEY } from './get-breadcrumbs';
import { removeItem } from './list-cache';

/** Deletes a folder with everything inside it. */
export const deleteFolder = async (id: string): Promise<DeleteResponse> => (await apiRequest('DELETE', `/api/folders/${id}`)).json();

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: (_response, id) => {
      removeItem(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: BREADCRUMBS_QUERY_KEY });
    },
  });
}
