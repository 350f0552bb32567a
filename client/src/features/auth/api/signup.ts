import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUserResponse, SignupBody } from '@contract/auth';
import { apiRequest } from '@/lib/request';
import { ME_QUERY_KEY } from './get-me';

export const signup = async (body: SignupBody): Promise<AuthUserResponse> =>
  (await apiRequest('POST', '/api/auth/signup', body)).json();

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (data) => {
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, data);
    },
  });
}
