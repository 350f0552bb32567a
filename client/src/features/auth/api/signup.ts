import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUserResponse, SignupBody } from '@contract/auth';
import { meQueryOptions } from '@/lib/current-user';
import { forgetSession } from '@/lib/session-user';
import { apiRequest } from '@/lib/request';

export const signup = async (body: SignupBody): Promise<AuthUserResponse> =>
  (await apiRequest('POST', '/api/auth/signup', body)).json();

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (data) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, data);
      // The public headers (/, /premium, /app) keep their own answer: it must be asked again (issue 42).
      forgetSession();
    },
  });
}
