import { BellRing } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { RENEWAL_REMINDER_DAYS, type BillingCurrency, type TeamInvoices } from '@contract/billing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useTeamInvoices } from '../api/get-team-invoices';
import { useRenewPlan } from '../api/renew-plan';
import { day, usd } from '../lib/format';
import { useBillingTexts } from '../texts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Seven days before the plan ends: a banner with a one-click renewal invoice (same plan, and the
 * currency last paid in). A plan that came without an invoice (an operator's grant) has no
 * currency to reuse: its button opens /premium at that plan, one choice away.
 */
function RenewalBanner({ data }: { data: TeamInvoices }) {
  const [, navigate] = useLocation();
  const renew = useRenewPlan();
  const { t, i18n } = useBillingTexts();
  if (!data.plan || data.plan === 'enterprise' || !data.planEndsAt) return null;
  if (Date.parse(data.planEndsAt) - Date.now() > RENEWAL_REMINDER_DAYS * DAY_MS) return null;
  const plan = data.plan;
  const currency = data.invoices.find((i) => i.status === 'paid')?.currency ?? data.invoices[0]?.currency;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <BellRing aria-hidden="true" className="h-5 w-5" />
      <p className="min-w-0 flex-1 basis-56 text-sm font-medium">{t('plan.endsOn', { date: day(i18n.language, data.planEndsAt) })}</p>
      <Button
        disabled={renew.isPending}
        onClick={() => {
          if (currency) renew.renew({ plan, currency: currency as BillingCurrency });
          else navigate(`/premium?plan=${plan}`);
        }}
      >
        {t('plan.renew')}
      </Button>
      {renew.problem && <p className="w-full text-sm font-medium text-red-800">{renew.problem}</p>}
    </div>
  );
}

/** The team's plan, its end and its invoices, for its owner and admins (a plain member sees nothing here). */
export function PlanAndInvoices() {
  const query = useTeamInvoices();
  const { t, i18n } = useBillingTexts();
  if (!query.data) return null;
  const data = query.data;
  return (
    <section aria-labelledby="billing-heading" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="billing-heading" className="text-lg font-semibold text-slate-900">
        {t('plan.heading')}
      </h2>
      <p className="text-sm text-slate-700">
        {data.plan ? (
          <>
            <span className="font-semibold capitalize">{data.plan}</span>
            {t('plan.until', { date: data.planEndsAt ? day(i18n.language, data.planEndsAt) : '' })}
          </>
        ) : (
          <>
            {t('plan.free')}{' '}
            <Link href="/premium" className="font-semibold text-genie-700 underline">
              {t('plan.seePlans')}
            </Link>
          </>
        )}
      </p>
      <RenewalBanner data={data} />
      {data.invoices.length === 0 ? (
        <p className="text-sm text-slate-600">{t('plan.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.invoices.map((invoice) => (
            <li key={invoice.invoiceId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="text-slate-800">
                {day(i18n.language, invoice.createdAt)} · {invoice.planName} · {usd(i18n.language, invoice.amountUSD)}
              </span>
              <span className="flex items-center gap-3">
                <Badge variant={invoice.status === 'paid' ? 'success' : invoice.status === 'pending' ? 'warning' : 'secondary'}>{t(`status.${invoice.status}`)}</Badge>
                <Link href={`/billing/${invoice.invoiceId}${invoice.status === 'paid' ? '?receipt=1' : ''}`} className="font-semibold text-genie-700 underline">
                  {invoice.status === 'paid' ? t('plan.receipt') : t('plan.open')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
