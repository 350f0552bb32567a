import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useRefreshCampaigns } from '../hooks/use-refresh-campaigns';
import { adminRequest } from '../lib/admin-token';
import { withLocalTimes } from '../lib/local-times';

export function useDeployScheme() {
  const refreshCampaigns = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (scheme: string): Promise<{ message: string }> => (await adminRequest('POST', '/api/admin/schemes/deploy', { scheme })).json(),
    onSuccess: (data) => toast({ title: 'Scheme Deployed', description: withLocalTimes(data.message) }),
    onError: () => toast({ title: 'Deployment Failed', description: 'Failed to deploy marketing campaign', variant: 'destructive' }),
    onSettled: refreshCampaigns,
  });
}
