import { useMutation } from '@tanstack/react-query';
import type { PauseAllResponse } from '@contract/admin';
import { toast } from '@/components/ui/use-toast';
import { useRefreshCampaigns } from '../hooks/use-refresh-campaigns';
import { adminRequest } from '../lib/admin-token';
import { withLocalTimes } from '../lib/local-times';

export function usePauseAll() {
  const refreshCampaigns = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (): Promise<PauseAllResponse> => (await adminRequest('POST', '/api/admin/promotions/pause-all')).json(),
    onSuccess: (data) => toast({ title: 'Campaigns Paused', description: withLocalTimes(data.message) }),
    onError: () => toast({ title: 'Error', description: 'Failed to pause campaigns', variant: 'destructive' }),
    onSettled: refreshCampaigns,
  });
}
