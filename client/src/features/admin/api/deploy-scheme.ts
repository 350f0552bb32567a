import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { useRefreshCampaigns } from '../hooks/use-refresh-campaigns';
import { adminRequest } from '../lib/admin-token';
import { withLocalTimes } from '../lib/local-times';

export function useDeployScheme() {
  const refreshCampaigns = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (scheme: string): Promise<{ message: string }> => (await adminRequest('POST', '/api/admin/schemes/deploy', { scheme })).json(),
    onSuccess: (data) => toast({ title: i18n.t('admin:promotions.schemeDeployed'), description: withLocalTimes(data.message, i18n.language) }),
    onError: () => toast({ title: i18n.t('admin:promotions.deployFailed'), description: i18n.t('admin:promotions.schemeFailed'), variant: 'destructive' }),
    onSettled: refreshCampaigns,
  });
}
