import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminInvoice } from '@contract/billing';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { HttpError } from '@/lib/request';
import { ADMIN_QUERY_KEY, adminRequest } from '../lib/admin-token';

/** "Mark received": the admin saw the transfer arrive; the server pays the invoice once (audited). */
export function useConfirmInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<AdminInvoice> => (await adminRequest('POST', `/api/admin/invoices/${encodeURIComponent(id)}/confirm`)).json(),
    // The invoices, the payments list and the revenue all change.
    onSuccess: (invoice) => {
      toast({ title: i18n.t('admin:invoices.marked'), description: i18n.t('admin:invoices.markedDescription', { team: invoice.teamName, plan: invoice.planName }) });
      return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) =>
      toast({
        title: i18n.t('admin:invoices.markFailed'),
        description: error instanceof HttpError ? (error.serverMessage ?? error.message) : String(error),
        variant: 'destructive',
      }),
  });
}
