import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPatch } from '@contract/accounts';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { errorSentence } from '@/lib/error-sentence';
import { ADMIN_QUERY_KEY, adminRequest } from '../lib/admin-token';

/** Suspend, reactivate or grant a plan; every admin list (users, teams, audit, figures) refreshes. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: AdminUserPatch }): Promise<AdminUser> =>
      (await adminRequest('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, patch)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
    onError: (error) => toast({ title: i18n.t('admin:toasts.actionFailed'), description: errorSentence(error), variant: 'destructive' }),
  });
}
