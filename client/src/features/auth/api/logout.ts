import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/request';
import { ME_QUERY_KEY } from './get-me';

export const logout = async () => {
  await apiRequest('POST', '/api/auth/logout');
};

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
    },
  });
}
