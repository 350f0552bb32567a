import { useMutation } from '@tanstack/react-query';
import type { PauseAllResponse } from '@contract/admin';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { useRefreshCampaigns } from '../hooks/use-refresh-campaigns';
import { adminRequest } from '../lib/admin-token';
import { withLocalTimes } from '../lib/local-times';

export function usePauseAll() {
  const refreshCampaigns = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (): Promise<PauseAllResponse> => (await adminRequest('POST', '/api/admin/promotions/pause-all')).json(),
    onSuccess: (data) => toast({ title: i18n.t('admin:promotions.paused'), description: withLocalTimes(data.message, i18n.language) }),
    onError: () => toast({ title: i18n.t('admin:error'), description: i18n.t('admin:promotions.pauseFailed'), variant: 'destructive' }),
    onSettled: refreshCampaigns,
  });
}
