import { Mail } from 'lucide-react';
import { USE_CASES, type DemoRequestStatus } from '@contract/demo-requests';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDemoRequests } from '../api/get-demo-requests';
import { useUpdateDemoRequest } from '../api/update-demo-request';
import { formatDate, QueryState } from './stat-card';

const STATUS_VARIANT: Record<DemoRequestStatus, 'secondary' | 'warning' | 'success'> = { new: 'secondary', contacted: 'warning', qualified: 'success' };
const useCaseLabel = (value: string) => USE_CASES.find((u) => u.value === value)?.label ?? value;

export function DemoRequestsTab() {
  const { data, isLoading, error } = useDemoRequests();
  const update = useUpdateDemoRequest();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Demo Requests</CardTitle>
        <CardDescription>Requests from the landing page form, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState isLoading={isLoading} error={error}>
          {data?.length === 0 && <p className="py-6 text-center text-sm text-slate-500">No demo requests yet.</p>}
          <ul className="grid grid-cols-1 gap-3">
            {data?.map((request) => (
              <li key={request.id} className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 p-4 md:grid-cols-[1fr_auto]" data-testid="demo-request">
                <div className="grid grid-cols-1 gap-1 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{request.name}</span>
                    <Badge variant={STATUS_VARIANT[request.status]}>{request.status}</Badge>
                  </div>
                  <a href={`mailto:${request.email}`} className="flex items-center gap-1 text-genie-700 hover:underline">
                    <Mail className="h-3.5 w-3.5" aria-hidden="true" /> {request.email}
                  </a>
                  <p className="text-slate-600">
                    {useCaseLabel(request.usecase)} · {formatDate(request.createdAt)}
                  </p>
                  {request.notes && <p className="text-xs italic text-slate-500">Notes: {request.notes}</p>}
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ id: request.id, status: 'contacted' })}>
                    Mark Contacted
                  </Button>
                  <Button size="sm" disabled={update.isPending} onClick={() => update.mutate({ id: request.id, status: 'qualified' })}>
                    Mark Qualified
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
