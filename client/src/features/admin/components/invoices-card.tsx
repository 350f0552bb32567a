import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfirmInvoice } from '../api/confirm-invoice';
import { useAdminInvoices, type InvoiceFilter } from '../api/get-admin-invoices';
import { formatDate } from './stat-card';

const FILTERS: { value: InvoiceFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'paid', label: 'Paid' },
  { value: 'expired', label: 'Expired' },
  { value: 'invalid', label: 'Invalid' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'all', label: 'All' },
];

const VARIANT = { pending: 'warning', paid: 'success', expired: 'danger', invalid: 'danger', refunded: 'secondary' } as const;

/** Invoices by state with totals (issue 41); a pending one is confirmed with "Mark received". */
export function InvoicesCard() {
  const [filter, setFilter] = useState<InvoiceFilter>('pending');
  const { data } = useAdminInvoices(filter);
  const confirm = useConfirmInvoice();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
        <CardDescription>Match a transfer to the business wallet by its exact amount, then mark it received.</CardDescription>
        <div role="group" aria-label="Invoice state" className="flex flex-wrap gap-2 pt-2">
          {FILTERS.map((f) => {
            const total = f.value === 'all' ? null : data?.totals[f.value];
            return (
              <Button key={f.value} size="sm" variant={filter === f.value ? 'default' : 'outline'} aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
                {f.label}
                {total && ` · ${total.count} · $${total.amountUSD}`}
              </Button>
            );
          })}
        </div>
      </CardHeader>
      <CardContent>
        {data && data.invoices.length === 0 && <p className="text-sm text-slate-500">No invoices here.</p>}
        <ul className="grid grid-cols-1 gap-2">
          {data?.invoices.map((invoice) => (
            <li key={invoice.invoiceId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-mono font-medium">
                  {invoice.amount ?? '—'} {invoice.currency} <span className="font-sans text-slate-500">(${invoice.amountUSD})</span>
                </p>
                <p className="truncate text-xs text-slate-500">
                  {invoice.teamName} · {invoice.planName} · {formatDate(invoice.createdAt)}
                  {invoice.confirmedBy && ` · confirmed by ${invoice.confirmedBy}`}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={VARIANT[invoice.status]}>{invoice.status}</Badge>
                {invoice.status === 'pending' && invoice.mode === 'direct' && (
                  <Button size="sm" disabled={confirm.isPending} onClick={() => confirm.mutate(invoice.invoiceId)} aria-label={`Mark received: ${invoice.amount} ${invoice.currency} from ${invoice.teamName}`}>
                    Mark received
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
