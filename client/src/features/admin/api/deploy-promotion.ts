import { useMutation } from '@tanstack/react-query';
import type { DeployPromotionResponse } from '@contract/admin';
import type { PromotionAction } from '@contract/promotions';
import { toast } from '@/components/ui/use-toast';
import { useRefreshCampaigns } from '../hooks/use-refresh-campaigns';
import { adminRequest } from '../lib/admin-token';
import { withLocalTimes } from '../lib/local-times';

/** SPEC §8's three outcomes: deployed, refused with the server's reason, or an exception. */
export function useDeployPromotion() {
  const refreshCampaigns = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (action: PromotionAction): Promise<DeployPromotionResponse> =>
      (await adminRequest('POST', '/api/admin/deploy-promotion', { action })).json(),
    onSuccess: (data) => {
      if (data.success) toast({ title: 'Campaign Deployed!', description: `${data.campaignName || 'Promotional campaign'} is now active` });
      else toast({ title: 'Deployment Failed', description: withLocalTimes(data.message || 'Failed to deploy campaign'), variant: 'destructive' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to deploy promotional campaign', variant: 'destructive' }),
    onSettled: refreshCampaigns,
  });
}
