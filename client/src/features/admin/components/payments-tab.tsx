import { Copy, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useAdminDashboard } from '../api/get-dashboard';
import { InvoicesCard } from './invoices-card';
import { formatDate, QueryState } from './stat-card';

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
    toast({ title: 'Copied!', description: `${currency} address copied to clipboard` });
  } catch {
    toast({ title: 'Failed to copy', description: 'Could not copy to clipboard', variant: 'destructive' });
  }
}

export function PaymentsTab() {
  const { data, isLoading, error } = useAdminDashboard();
  return (
    <QueryState isLoading={isLoading} error={error}>
      {data && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Wallet className="h-4 w-4 text-genie-600" aria-hidden="true" /> Business Wallets
              </CardTitle>
              <CardDescription>Addresses from the server's BUSINESS_WALLET_* settings.</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-2">
              {Object.keys(data.businessAddresses).length === 0 && <p className="text-sm text-slate-500">No wallet addresses are configured.</p>}
              {Object.entries(data.businessAddresses).map(([currency, address]) => (
                <div key={currency} className="flex items-center gap-2 rounded-lg bg-slate-50 p-2">
                  <Badge variant="outline">{currency}</Badge>
                  {/* The whole address, wrapped: an admin checks it character by character. */}
                  <code className="min-w-0 flex-1 break-all text-xs">
                    {address}
                  </code>
                  <Button size="sm" variant="ghost" onClick={() => void copyAddress(currency, address)} aria-label={`Copy ${currency} address`}>
                    <Copy aria-hidden="true" /> Copy
                  </Button>
                </div>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Recent Payments</CardTitle>
              <CardDescription>
                {data.totalPayments} {data.totalPayments === 1 ? 'payment' : 'payments'}, {data.confirmedPayments} confirmed.{' '}
                {data.totalPayments > data.payments.length ? `The ${data.payments.length} most recent:` : 'Newest first:'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {data.payments.length === 0 && <p className="text-sm text-slate-500">No payments yet.</p>}
              <ul className="grid grid-cols-1 gap-2">
                {data.payments.map((payment) => (
                  <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-mono font-medium">
                        {eightDecimals(payment.amount)} {payment.cryptocurrency} <span className="font-sans text-slate-500">(${payment.amountUSD})</span>
                      </p>
                      <p className="truncate text-xs text-slate-500">
                        {payment.user ?? 'deleted account'} · {formatDate(payment.createdAt)} · <span title={payment.txHash}>{payment.txHash.slice(0, 18)}</span>
                      </p>
                    </div>
                    <Badge variant={paymentStatusVariant(payment.status)}>{payment.status}</Badge>
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
