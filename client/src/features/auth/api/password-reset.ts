import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirmBody, PasswordResetRequestBody } from '@contract/auth';
import { apiRequest } from '@/lib/request';

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: async (body: PasswordResetRequestBody) => (await apiRequest('POST', '/api/auth/password-reset', body)).json() as Promise<{ message: string }>,
  });

export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: async (body: PasswordResetConfirmBody) => apiRequest('POST', '/api/auth/password-reset/confirm', body) });
