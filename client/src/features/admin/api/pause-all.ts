import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PauseAllResponse } from '@contract/admin';
import { toast } from '@/components/ui/use-toast';
import { adminRequest } from '../lib/admin-token';
import { ADMIN_PROMOS_URL } from './get-promos';
import { ADMIN_SCHEMES_URL } from './get-schemes';

export function usePauseAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PauseAllResponse> => (await adminRequest('POST', '/api/admin/promotions/pause-all')).json(),
    onSuccess: (data) => toast({ title: 'Campaigns Paused', description: data.message }),
    onError: () => toast({ title: 'Error', description: 'Failed to pause campaigns', variant: 'destructive' }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [ADMIN_SCHEMES_URL] }), queryClient.invalidateQueries({ queryKey: [ADMIN_PROMOS_URL] })]),
  });
}
