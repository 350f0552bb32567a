import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminApiKeysRevoked } from '@contract/api-keys';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { errorSentence } from '@/lib/error-sentence';
import { ADMIN_QUERY_KEY, adminRequest } from '../lib/admin-token';

/** Revokes every API key of a user at once (issue 40). */
export function useRevokeApiKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<AdminApiKeysRevoked> => (await adminRequest('DELETE', `/api/admin/users/${encodeURIComponent(id)}/api-keys`)).json(),
    onSuccess: ({ revoked }) => {
      toast({ title: i18n.t('admin:toasts.keysRevoked'), description: i18n.t('admin:toasts.keysRevokedDescription', { count: revoked }) });
      // The count in the list and the audit log changed.
      return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => toast({ title: i18n.t('admin:toasts.noKeyRevoked'), description: errorSentence(error), variant: 'destructive' }),
  });
}
