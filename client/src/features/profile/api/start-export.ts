import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserExport } from '@contract/accounts';
import { apiRequest } from '@/lib/request';
import { exportsQueryOptions } from './get-exports';

export const startExport = async (): Promise<UserExport> => (await apiRequest('POST', '/api/user/export')).json();

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsQueryOptions().queryKey }),
  });
}
