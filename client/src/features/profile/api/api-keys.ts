import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, CreateApiKeyBody, CreatedApiKey } from '@contract/api-keys';
import { apiRequest, getJson } from '@/lib/request';

const API_KEYS_KEY = ['api-keys'] as const;

export const useApiKeys = () => useQuery({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => getJson<ApiKeyList>('/api/api-keys', { signal }) });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyBody) => (await apiRequest('POST', '/api/api-keys', body)).json() as Promise<CreatedApiKey>,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/api-keys/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
