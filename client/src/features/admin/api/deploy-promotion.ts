import { useMutation } from '@tanstack/react-query';
import type { DeployPromotionResponse } from '@contract/admin';
import type { PromotionAction } from '@contract/promotions';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
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
      if (data.success) toast({ title: i18n.t('admin:promotions.deployed'), description: i18n.t('admin:promotions.deployedDescription', { name: data.campaignName || i18n.t('admin:promotions.defaultCampaign') }) });
      else toast({ title: i18n.t('admin:promotions.deployFailed'), description: withLocalTimes(data.message || i18n.t('admin:promotions.deployFailedDescription'), i18n.language), variant: 'destructive' });
    },
    onError: () => toast({ title: i18n.t('admin:error'), description: i18n.t('admin:promotions.deployError'), variant: 'destructive' }),
    onSettled: refreshCampaigns,
  });
}
