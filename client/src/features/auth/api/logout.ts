import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/current-user';
import { forgetSession } from '@/lib/session-user';
import { apiRequest } from '@/lib/request';

export const logout = async () => {
  await apiRequest('POST', '/api/auth/logout');
};

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      // The public headers (/, /premium, /app) keep their own answer: it must be asked again (issue 42).
      forgetSession();
    },
  });
}
