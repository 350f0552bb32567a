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
import { day, usd } from '../lib/format';
import { useBillingTexts } from '../texts';
import { PaymentQr } from './payment-qr';

const STATUS_VARIANT = { pending: 'warning', paid: 'success', expired: 'danger', invalid: 'danger', refunded: 'secondary' } as const;

function Price({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useBillingTexts();
  const discounted = invoice.amountUSD !== invoice.listPriceUSD;
  return (
    <p className="text-3xl font-bold text-slate-900">
      {usd(i18n.language, invoice.amountUSD)}
      {discounted && <span className="ml-2 text-base font-medium text-slate-500 line-through">{usd(i18n.language, invoice.listPriceUSD)}</span>}
      <span className="ml-1 text-base font-medium text-slate-600">{t('perMonth')}</span>
    </p>
  );
}

function PayDirect({ invoice }: { invoice: Invoice }) {
  const { t } = useBillingTexts();
  const currency = invoice.currency;
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      {invoice.address && <PaymentQr currency={invoice.currency} address={invoice.address} amount={invoice.amount} />}
      <div className="min-w-0 flex-1 space-y-4">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">{t('sendExactly')}</p>
          {invoice.amount && (
            <CopyField value={invoice.amount} label={t('amountIn', { currency })} buttonLabel={t('copyAmount', { currency: currency.toLowerCase() })} />
          )}
          <p className="mt-1 text-xs text-slate-600">{t('exactAmount', { currency })}</p>
        </div>
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">{t('toAddress')}</p>
          {invoice.address && (
            <CopyField value={invoice.address} label={t('address', { currency })} buttonLabel={t('copyAddress', { currency: currency.toLowerCase() })} />
          )}
          {/* The whole address, wrapped: a payer checks it character by character. */}
          {invoice.address && <p className="mt-1 break-all font-mono text-xs text-slate-700">{invoice.address}</p>}
        </div>
        {invoice.mode === 'btcpay' && invoice.checkoutUrl && (
          <a className="inline-flex items-center gap-1 text-sm font-semibold text-genie-700 underline" href={invoice.checkoutUrl}>
            {t('payOnBtcpay')} <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </a>
        )}
      </div>
    </div>
  );
}

function Paid({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useBillingTexts();
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
      <p className="flex items-center gap-2 text-xl font-bold">
        <CheckCircle2 aria-hidden="true" className="h-6 w-6" /> {t('active', { plan: invoice.planName })}
      </p>
      {invoice.periodEnd && <p className="mt-1 text-sm">{t('runsUntil', { date: day(i18n.language, invoice.periodEnd) })}</p>}
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" /> {t('printReceipt')}
        </Button>
        <Link href="/team" className="inline-flex items-center text-sm font-semibold text-emerald-900 underline">
          {t('goToTeam')}
        </Link>
      </div>
    </div>
  );
}

const ENDED = ['expired', 'invalid', 'refunded'] as const;
const hasEnded = (status: Invoice['status']): status is (typeof ENDED)[number] => (ENDED as readonly string[]).includes(status);

function Ended({ invoice, status }: { invoice: Invoice; status: (typeof ENDED)[number] }) {
  const { t } = useBillingTexts();
  const renew = useRenewPlan();
  return (
    <div className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-semibold">
        {t(`ended.${status}`)}
      </p>
      <Button
        className="mt-4"
        disabled={renew.isPending}
        onClick={() => renew.renew({ plan: invoice.plan, currency: invoice.currency as BillingCurrency })}
      >
        {t('newInvoice')}
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
  const { t, i18n } = useBillingTexts();
  if (invoice.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label={t('loading')}>
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (invoice.isError) {
    const message = invoice.error instanceof HttpError ? (invoice.error.serverMessage ?? invoice.error.message) : t('loadFailed');
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
          <p className="text-sm font-semibold uppercase tracking-widest text-genie-700">{receipt || data.status === 'paid' ? t('receipt') : t('invoice')}</p>
          <h1 className="text-2xl font-bold text-slate-900">{t('title', { plan: data.planName })}</h1>
          <p className="mt-1 break-all font-mono text-xs text-slate-600">{t('number', { id: data.invoiceId })}</p>
        </div>
        <div className="sm:text-right" role="status" aria-live="polite">
          <Badge variant={STATUS_VARIANT[data.status]}>{t(`status.${data.status}`)}</Badge>
          {data.status === 'pending' && <Countdown to={data.expiresAt} label={t('timeLeft')} className="mt-1 block text-sm text-slate-700" />}
        </div>
      </header>
      <div className="space-y-1">
        <Price invoice={data} />
        <p className="text-sm text-slate-700">
          {data.amount ? `${data.amount} ${data.currency}` : t('paidIn', { currency: data.currency })}
          {t('made', { date: day(i18n.language, data.createdAt) })}
          {data.paidAt && t('paidOn', { date: day(i18n.language, data.paidAt) })}
        </p>
      </div>
      {data.status === 'pending' && <PayDirect invoice={data} />}
      {data.status === 'paid' && <Paid invoice={data} />}
      {hasEnded(data.status) && <Ended invoice={data} status={data.status} />}
    </article>
  );
}
