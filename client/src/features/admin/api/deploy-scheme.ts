import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { adminRequest } from '../lib/admin-token';
import { ADMIN_PROMOS_URL } from './get-promos';
import { ADMIN_SCHEMES_URL } from './get-schemes';

export function useDeployScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (scheme: string): Promise<{ message: string }> => (await adminRequest('POST', '/api/admin/schemes/deploy', { scheme })).json(),
    onSuccess: (data) => toast({ title: 'Scheme Deployed', description: data.message }),
    onError: () => toast({ title: 'Deployment Failed', description: 'Failed to deploy marketing campaign', variant: 'destructive' }),
    // SPEC §4: afterwards the schemes and promos lists are refreshed.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [ADMIN_SCHEMES_URL] }), queryClient.invalidateQueries({ queryKey: [ADMIN_PROMOS_URL] })]),
  });
}
