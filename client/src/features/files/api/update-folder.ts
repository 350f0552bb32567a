import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder, UpdateFolderBody } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { BREADCRUMBS_QUERY_KEY } from './get-breadcrumbs';
import { putFolder } from './list-cache';

/** Renames and/or moves a folder (parentId null is Home). */
export const updateFolder = async ({ id, ...body }: UpdateFolderBody & { id: string }): Promise<Folder> =>
  (await apiRequest('PATCH', `/api/folders/${id}`, body)).json();

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFolder,
    onSuccess: (folder) => {
      putFolder(queryClient, folder);
      void queryClient.invalidateQueries({ queryKey: BREADCRUMBS_QUERY_KEY });
    },
  });
}
