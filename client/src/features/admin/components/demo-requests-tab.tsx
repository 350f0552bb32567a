import { Mail } from 'lucide-react';
import { USE_CASES, type DemoRequestStatus } from '@contract/demo-requests';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDemoRequests } from '../api/get-demo-requests';
import { useUpdateDemoRequest } from '../api/update-demo-request';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

const STATUS_VARIANT: Record<DemoRequestStatus, 'secondary' | 'warning' | 'success'> = { new: 'secondary', contacted: 'warning', qualified: 'success' };
/** The contract's English label, or the raw value of a use case the contract no longer lists. */
const useCaseLabel = (value: string) => USE_CASES.find((u) => u.value === value)?.label ?? value;

export function DemoRequestsTab() {
  const { data, isLoading, error } = useDemoRequests();
  const update = useUpdateDemoRequest();
  const { t, i18n } = useAdminTexts();
  const { dateTime } = adminFormats(i18n.language);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('demoRequests.title')}</CardTitle>
        <CardDescription>{t('demoRequests.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState isLoading={isLoading} error={error}>
          {data?.length === 0 && <p className="py-6 text-center text-sm text-slate-500">{t('demoRequests.none')}</p>}
          <ul className="grid grid-cols-1 gap-3">
            {data?.map((request) => (
              <li key={request.id} className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 p-4 md:grid-cols-[1fr_auto]" data-testid="demo-request">
                <div className="grid grid-cols-1 gap-1 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{request.name}</span>
                    <Badge variant={STATUS_VARIANT[request.status]}>{t(`demoRequests.status.${request.status}`)}</Badge>
                  </div>
                  <a href={`mailto:${request.email}`} className="flex items-center gap-1 text-genie-700 hover:underline">
                    <Mail className="h-3.5 w-3.5" aria-hidden="true" /> {request.email}
                  </a>
                  <p className="text-slate-600">
                    {t(`demoRequests.useCases.${request.usecase}`, { defaultValue: useCaseLabel(request.usecase) })} · {dateTime(request.createdAt)}
                  </p>
                  {request.notes && <p className="text-xs italic text-slate-500">{t('demoRequests.notes', { notes: request.notes })}</p>}
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ id: request.id, status: 'contacted' })}>
                    {t('demoRequests.markContacted')}
                  </Button>
                  <Button size="sm" disabled={update.isPending} onClick={() => update.mutate({ id: request.id, status: 'qualified' })}>
                    {t('demoRequests.markQualified')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </QueryState>
      </CardContent>
    </Card>
  );
}
