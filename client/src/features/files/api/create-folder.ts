import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFolderBody, Folder } from '@contract/files';
import { apiRequest } from '@/lib/request';
import { putFolder } from './list-cache';

export const createFolder = async (body: CreateFolderBody): Promise<Folder> => (await apiRequest('POST', '/api/folders', body)).json();

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    // One request in all: the new folder goes straight into the lists already loaded.
    onSuccess: (folder) => putFolder(queryClient, folder),
  });
}
