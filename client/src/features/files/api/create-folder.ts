import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFolderBody, Folder } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { FILES_QUERY_KEY } from './get-files';

export const createFolder = async (body: CreateFolderBody): Promise<Folder> => (await apiRequest('POST', '/api/folders', body)).json();

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}
