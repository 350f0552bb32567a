import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseAccountBody, EraseAccountResponse } from '@contract/accounts';
import { apiRequest } from '@/lib/request';

export const eraseAccount = async (body: EraseAccountBody): Promise<EraseAccountResponse> => (await apiRequest('DELETE', '/api/user', body)).json();

/** Erases the account; afterwards nothing cached of it may show again. */
export function useEraseAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: eraseAccount, onSuccess: () => queryClient.clear() });
}
