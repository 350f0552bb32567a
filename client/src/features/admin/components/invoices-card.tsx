import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfirmInvoice } from '../api/confirm-invoice';
import { useAdminInvoices, type InvoiceFilter } from '../api/get-admin-invoices';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';

const FILTERS: InvoiceFilter[] = ['pending', 'paid', 'expired', 'invalid', 'refunded', 'all'];

const VARIANT = { pending: 'warning', paid: 'success', expired: 'danger', invalid: 'danger', refunded: 'secondary' } as const;

/** Invoices by state with totals (issue 41); a pending one is confirmed with "Mark received". */
export function InvoicesCard() {
  const [filter, setFilter] = useState<InvoiceFilter>('pending');
  const { data } = useAdminInvoices(filter);
  const confirm = useConfirmInvoice();
  const { t, i18n } = useAdminTexts();
  const { dateTime, usd } = adminFormats(i18n.language);
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t('invoices.title')}</CardTitle>
        <CardDescription>{t('invoices.description')}</CardDescription>
        <div role="group" aria-label={t('invoices.state')} className="flex flex-wrap gap-2 pt-2">
          {FILTERS.map((value) => {
            const total = value === 'all' ? null : data?.totals[value];
            return (
              <Button key={value} size="sm" variant={filter === value ? 'default' : 'outline'} aria-pressed={filter === value} onClick={() => setFilter(value)}>
                {t(`invoices.filter.${value}`)}
                {total && ` · ${total.count} · ${usd(Number(total.amountUSD))}`}
              </Button>
            );
          })}
        </div>
      </CardHeader>
      <CardContent>
        {data && data.invoices.length === 0 && <p className="text-sm text-slate-500">{t('invoices.none')}</p>}
        <ul className="grid grid-cols-1 gap-2">
          {data?.invoices.map((invoice) => (
            <li key={invoice.invoiceId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-mono font-medium">
                  {invoice.amount ?? '—'} {invoice.currency} <span className="font-sans text-slate-500">({usd(Number(invoice.amountUSD))})</span>
                </p>
                <p className="truncate text-xs text-slate-500">
                  {invoice.teamName} · {invoice.planName} · {dateTime(invoice.createdAt)}
                  {invoice.confirmedBy && t('invoices.confirmedBy', { admin: invoice.confirmedBy })}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={VARIANT[invoice.status]}>{t(`invoices.status.${invoice.status}`)}</Badge>
                {invoice.status === 'pending' && invoice.mode === 'direct' && (
                  <Button
                    size="sm"
                    disabled={confirm.isPending}
                    onClick={() => confirm.mutate(invoice.invoiceId)}
                    aria-label={t('invoices.markReceivedLabel', { amount: invoice.amount, currency: invoice.currency, team: invoice.teamName })}
                  >
                    {t('invoices.markReceived')}
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
