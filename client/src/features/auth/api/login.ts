import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUserResponse, LoginBody } from '@contract/auth';
import { meQueryOptions } from '@/lib/current-user';
import { forgetSession } from '@/lib/session-user';
import { apiRequest } from '@/lib/request';

export const login = async (body: LoginBody): Promise<AuthUserResponse> =>
  (await apiRequest('POST', '/api/auth/login', body)).json();

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      // A different account may have been signed in before: drop everything cached for it.
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, data);
      // The public headers (/, /premium, /app) keep their own answer: it must be asked again (issue 42).
      forgetSession();
    },
  });
}
