import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, SessionInfo } from '@contract/auth';
import { apiRequest, getJson } from '@/lib/request';

const SESSIONS_KEY = ['auth-sessions'] as const;

export const useSessions = () => useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => getJson<SessionInfo[]>('/api/auth/sessions', { signal }) });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', '/api/auth/sessions/revoke-others')).json() as Promise<{ revoked: number }>,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

const PASSWORD_KEY = ['auth-password'] as const;

export const usePasswordStatus = () => useQuery({ queryKey: PASSWORD_KEY, queryFn: ({ signal }) => getJson<{ set: boolean }>('/api/auth/password', { signal }) });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) => (await apiRequest('POST', '/api/auth/password', body)).json() as Promise<{ revoked: number }>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
