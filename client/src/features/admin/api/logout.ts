import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, adminToken } from '../lib/admin-token';

/** Revokes the token on the server, then forgets it here even if the server call failed. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await adminRequest('POST', '/api/admin/logout');
      } finally {
        adminToken.clear();
        queryClient.removeQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin') || q.queryKey[0] === '/api/demo-requests' });
      }
    },
  });
}
