import { Copy, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useAdminDashboard } from '../api/get-dashboard';
import { InvoicesCard } from './invoices-card';
import { i18n } from '@/lib/i18n/i18n';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

/** SPEC §4: confirmed is green, pending is yellow, anything else is red. */
export const paymentStatusVariant = (status: string) => (status === 'confirmed' ? 'success' : status === 'pending' ? 'warning' : 'danger');

/** SPEC §9: amounts to 8 decimals, from the exact decimal string. */
export function eightDecimals(amount: string) {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(8, '0').slice(0, 8)}`;
}

async function copyAddress(currency: string, address: string) {
  try {
    await navigator.clipboard.writeText(address);
    toast({ title: i18n.t('admin:payments.copied'), description: i18n.t('admin:payments.copiedDescription', { currency }) });
  } catch {
    toast({ title: i18n.t('admin:payments.copyFailed'), description: i18n.t('admin:payments.copyFailedDescription'), variant: 'destructive' });
  }
}

export function PaymentsTab() {
  const { data, isLoading, error } = useAdminDashboard();
  const { t, i18n: texts } = useAdminTexts();
  const { dateTime, usd } = adminFormats(texts.language);
  return (
    <QueryState isLoading={isLoading} error={error}>
      {data && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Wallet className="h-4 w-4 text-genie-600" aria-hidden="true" /> {t('payments.wallets')}
              </CardTitle>
              <CardDescription>{t('payments.walletsDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-2">
              {Object.keys(data.businessAddresses).length === 0 && <p className="text-sm text-slate-500">{t('payments.noWallets')}</p>}
              {Object.entries(data.businessAddresses).map(([currency, address]) => (
                <div key={currency} className="flex items-center gap-2 rounded-lg bg-slate-50 p-2">
                  <Badge variant="outline">{currency}</Badge>
                  {/* The whole address, wrapped: an admin checks it character by character. */}
                  <code className="min-w-0 flex-1 break-all text-xs">
                    {address}
                  </code>
                  <Button size="sm" variant="ghost" onClick={() => void copyAddress(currency, address)} aria-label={t('payments.copyAddress', { currency })}>
                    <Copy aria-hidden="true" /> {t('payments.copy')}
                  </Button>
                </div>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('payments.recent')}</CardTitle>
              <CardDescription>
                {t('payments.summary', { count: data.totalPayments, confirmed: data.confirmedPayments })}{' '}
                {data.totalPayments > data.payments.length ? t('payments.mostRecent', { count: data.payments.length }) : t('payments.newestFirst')}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {data.payments.length === 0 && <p className="text-sm text-slate-500">{t('payments.none')}</p>}
              <ul className="grid grid-cols-1 gap-2">
                {data.payments.map((payment) => (
                  <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-mono font-medium">
                        {eightDecimals(payment.amount)} {payment.cryptocurrency} <span className="font-sans text-slate-500">({usd(Number(payment.amountUSD))})</span>
                      </p>
                      <p className="truncate text-xs text-slate-500">
                        {payment.user ?? t('payments.deletedAccount')} · {dateTime(payment.createdAt)} · <span title={payment.txHash}>{payment.txHash.slice(0, 18)}</span>
                      </p>
                    </div>
                    <Badge variant={paymentStatusVariant(payment.status)}>{t(`payments.status.${payment.status}`, { defaultValue: payment.status })}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <InvoicesCard />
        </div>
      )}
    </QueryState>
  );
}
