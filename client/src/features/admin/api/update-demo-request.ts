import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEMO_STATUS_NOTES, type DemoRequest } from '@contract/demo-requests';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { adminRequest } from '../lib/admin-token';
import { demoRequestsQueryOptions } from './get-demo-requests';

type MarkStatus = keyof typeof DEMO_STATUS_NOTES;

/** Mark Contacted / Mark Qualified: the status with SPEC's fixed note. */
export function useUpdateDemoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: MarkStatus }): Promise<DemoRequest> =>
      (await adminRequest('PUT', `/api/demo-requests/${encodeURIComponent(id)}`, { status, notes: DEMO_STATUS_NOTES[status] })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: demoRequestsQueryOptions().queryKey }),
    onError: () => toast({ title: i18n.t('admin:error'), description: i18n.t('admin:demoRequests.updateFailed'), variant: 'destructive' }),
  });
}
