import { CheckCircle2, ExternalLink, Printer } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import type { BillingCurrency, Invoice } from '@contract/billing';
import { CopyField } from '@/components/copy-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Countdown } from '@/components/ui/countdown';
import { Spinner } from '@/components/ui/spinner';
import { HttpError } from '@/lib/request';
import { useInvoice } from '../api/get-invoice';
import { useRenewPlan } from '../api/renew-plan';
import { day, STATUS_NAMES, usd } from '../lib/format';
import { PaymentQr } from './payment-qr';

const STATUS_VARIANT = { pending: 'warning', paid: 'success', expired: 'danger', invalid: 'danger', refunded: 'secondary' } as const;

function Price({ invoice }: { invoice: Invoice }) {
  const discounted = invoice.amountUSD !== invoice.listPriceUSD;
  return (
    <p className="text-3xl font-bold text-slate-900">
      {usd(invoice.amountUSD)}
      {discounted && <span className="ml-2 text-base font-medium text-slate-500 line-through">{usd(invoice.listPriceUSD)}</span>}
      <span className="ml-1 text-base font-medium text-slate-600">/month</span>
    </p>
  );
}

function PayDirect({ invoice }: { invoice: Invoice }) {
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      {invoice.address && <PaymentQr currency={invoice.currency} address={invoice.address} amount={invoice.amount} />}
      <div className="min-w-0 flex-1 space-y-4">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">Send exactly</p>
          {invoice.amount && <CopyField value={invoice.amount} label={`Amount in ${invoice.currency}`} buttonLabel={`Copy amount in ${invoice.currency.toLowerCase()}`} />}
          <p className="mt-1 text-xs text-slate-600">{invoice.currency}: this exact amount tells us the payment is yours.</p>
        </div>
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">To this address</p>
          {invoice.address && <CopyField value={invoice.address} label={`${invoice.currency} address`} buttonLabel={`Copy ${invoice.currency.toLowerCase()} address`} />}
          {/* The whole address, wrapped: a payer checks it character by character. */}
          {invoice.address && <p className="mt-1 break-all font-mono text-xs text-slate-700">{invoice.address}</p>}
        </div>
        {invoice.mode === 'btcpay' && invoice.checkoutUrl && (
          <a className="inline-flex items-center gap-1 text-sm font-semibold text-genie-700 underline" href={invoice.checkoutUrl}>
            Pay on BTCPay Server <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </a>
        )}
      </div>
    </div>
  );
}

function Paid({ invoice }: { invoice: Invoice }) {
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
      <p className="flex items-center gap-2 text-xl font-bold">
        <CheckCircle2 aria-hidden="true" className="h-6 w-6" /> {invoice.planName} is active
      </p>
      {invoice.periodEnd && <p className="mt-1 text-sm">Your team’s plan runs until {day(invoice.periodEnd)}. Thank you.</p>}
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print receipt
        </Button>
        <Link href="/team" className="inline-flex items-center text-sm font-semibold text-emerald-900 underline">
          Go to your team
        </Link>
      </div>
    </div>
  );
}

const ENDED = {
  expired: 'This invoice expired before a payment arrived. If you already paid, contact the operator with the invoice number.',
  invalid: 'The payment processor marked this invoice invalid. If you already paid, contact the operator with the invoice number.',
  refunded: 'This payment was refunded, and the month it paid for was taken off your team’s plan.',
} as const;

function Ended({ invoice }: { invoice: Invoice }) {
  const renew = useRenewPlan();
  return (
    <div className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-semibold">
        {ENDED[invoice.status as keyof typeof ENDED]}
      </p>
      <Button
        className="mt-4"
        disabled={renew.isPending}
        onClick={() => renew.renew({ plan: invoice.plan, currency: invoice.currency as BillingCurrency })}
      >
        Create a new invoice
      </Button>
      {renew.problem && (
        <p role="alert" className="mt-2 text-sm font-medium">
          {renew.problem}
        </p>
      )}
    </div>
  );
}

/** /billing/<id>: what to pay, where, until when, and whether it has arrived (it updates by itself). */
export function InvoiceScreen({ id }: { id: string }) {
  const invoice = useInvoice(id);
  const receipt = new URLSearchParams(useSearch()).has('receipt');
  if (invoice.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (invoice.isError) {
    const message = invoice.error instanceof HttpError ? (invoice.error.serverMessage ?? invoice.error.message) : 'The invoice could not be loaded.';
    return (
      <p role="alert" className="mx-auto max-w-xl p-6 text-center text-red-700">
        {message}
      </p>
    );
  }
  const data = invoice.data;
  return (
    <article className="mx-auto max-w-2xl space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-genie-700">{receipt || data.status === 'paid' ? 'Receipt' : 'Invoice'}</p>
          <h1 className="text-2xl font-bold text-slate-900">Genie {data.planName}, one month</h1>
          <p className="mt-1 break-all font-mono text-xs text-slate-600">No. {data.invoiceId}</p>
        </div>
        <div className="sm:text-right" role="status" aria-live="polite">
          <Badge variant={STATUS_VARIANT[data.status]}>{STATUS_NAMES[data.status]}</Badge>
          {data.status === 'pending' && <Countdown to={data.expiresAt} label="Time left" className="mt-1 block text-sm text-slate-700" />}
        </div>
      </header>
      <div className="space-y-1">
        <Price invoice={data} />
        <p className="text-sm text-slate-700">
          {data.amount ? `${data.amount} ${data.currency}` : `Paid in ${data.currency}`} · made {day(data.createdAt)}
          {data.paidAt && ` · paid ${day(data.paidAt)}`}
        </p>
      </div>
      {data.status === 'pending' && <PayDirect invoice={data} />}
      {data.status === 'paid' && <Paid invoice={data} />}
      {data.status in ENDED && <Ended invoice={data} />}
    </article>
  );
}
