import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/current-user';
import { apiRequest } from '@/lib/request';

/** POST /api/auth/verify-email: the token of the mailed link (the page needs no session). */
export const useVerifyEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => apiRequest('POST', '/api/auth/verify-email', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
};

/** POST /api/auth/verify-email/resend: a new link for the signed-in user. */
export const useResendVerification = () =>
  useMutation({
    mutationFn: async () => (await apiRequest('POST', '/api/auth/verify-email/resend')).json() as Promise<{ message: string }>,
  });
