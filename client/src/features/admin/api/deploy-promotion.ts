import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeployPromotionResponse } from '@contract/admin';
import type { PromotionAction } from '@contract/promotions';
import { toast } from '@/components/ui/use-toast';
import { adminRequest } from '../lib/admin-token';
import { ADMIN_PROMOS_URL } from './get-promos';
import { ADMIN_SCHEMES_URL } from './get-schemes';

/** SPEC §8's three outcomes: deployed, refused with the server's reason, or an exception. */
export function useDeployPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: PromotionAction): Promise<DeployPromotionResponse> =>
      (await adminRequest('POST', '/api/admin/deploy-promotion', { action })).json(),
    onSuccess: (data) => {
      if (data.success) toast({ title: 'Campaign Deployed!', description: `${data.campaignName || 'Promotional campaign'} is now active` });
      else toast({ title: 'Deployment Failed', description: data.message || 'Failed to deploy campaign', variant: 'destructive' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to deploy promotional campaign', variant: 'destructive' }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [ADMIN_SCHEMES_URL] }), queryClient.invalidateQueries({ queryKey: [ADMIN_PROMOS_URL] })]),
  });
}
