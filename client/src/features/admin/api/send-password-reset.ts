import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPasswordResetSent } from '@contract/accounts';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { errorSentence } from '@/lib/error-sentence';
import { ADMIN_QUERY_KEY, adminRequest } from '../lib/admin-token';

/** Mails a user the password reset link; the toast says where it went, or what to do instead (no SMTP). */
export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<AdminPasswordResetSent> =>
      (await adminRequest('POST', `/api/admin/users/${encodeURIComponent(id)}/password-reset`)).json(),
    onSuccess: ({ message }) => {
      toast({ title: i18n.t('admin:toasts.resetSent'), description: message });
      // The audit log has a new entry.
      return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => toast({ title: i18n.t('admin:toasts.resetNotSent'), description: errorSentence(error), variant: 'destructive' }),
  });
}
