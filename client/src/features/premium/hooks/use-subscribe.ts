import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { BillingCurrency } from '@contract/billing';
import { seatLimit, SUBSCRIBE_REDIRECT_MS, type Plan } from '@contract/plan-catalogue';
import { errorSentence } from '@/lib/error-sentence';
import { i18n } from '@/lib/i18n/i18n';
import { HttpError } from '@/lib/request';
import { useBillingOptions } from '../api/get-billing-options';
import { useCreateCheckout } from '../api/create-checkout';

/**
 * Subscribe Now. With billing configured (issue 41) it makes an invoice and opens its page
 * (/billing/<id>, or BTCPay's checkout); a visitor signs up first and comes back here. With none
 * configured, SPEC §2 as it was: an alert that payment is processing, then /app after 2 seconds.
 */
export function useSubscribe() {
  const [, navigate] = useLocation();
  const options = useBillingOptions();
  const checkout = useCreateCheckout();
  const [redirectingTo, setRedirectingTo] = useState<Plan | null>(null);
  const [currency, setCurrency] = useState<BillingCurrency | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The plan chosen while the team has more members than its seats: the owner picks whom to remove first. */
  const [tooManyMembers, setTooManyMembers] = useState<Plan | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const billing = options.data?.mode ? options.data : null;
  const chosenCurrency = currency ?? billing?.currencies[0] ?? null;

  function specAlert(plan: Plan) {
    window.alert(i18n.t('premium:processingAlert', { plan: plan.name }));
    setRedirectingTo(plan);
    timer.current = window.setTimeout(() => navigate('/app'), SUBSCRIBE_REDIRECT_MS);
  }

  async function subscribe(plan: Plan) {
    if (!billing || !chosenCurrency || (plan.id !== 'starter' && plan.id !== 'pro')) return specAlert(plan);
    setProblem(null);
    try {
      const invoice = await checkout.mutateAsync({ plan: plan.id, currency: chosenCurrency });
      if (invoice.checkoutUrl.startsWith('/')) navigate(invoice.checkoutUrl);
      else window.location.assign(invoice.checkoutUrl);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        navigate(`/signup?next=${encodeURIComponent(`/premium?plan=${plan.id}`)}`);
        return;
      }
      if (error instanceof HttpError && error.status === 409 && error.code === 'seat_limit') {
        setTooManyMembers(plan);
        return;
      }
      setProblem(errorSentence(error, i18n.t('premium:invoiceFailed')));
    }
  }

  function contactSales(plan: Plan) {
    window.alert(i18n.t('premium:contactSalesAlert', { plan: plan.name }));
  }

  return {
    subscribe,
    contactSales,
    redirectingTo,
    busy: redirectingTo !== null || checkout.isPending,
    currencies: billing?.currencies ?? [],
    currency: chosenCurrency,
    setCurrency,
    problem,
    /** Asks whom to remove before buying `plan` (null: not asking). */
    removeMembersRequest: tooManyMembers && { planName: tooManyMembers.name, seats: seatLimit(tooManyMembers.id) ?? 0 },
    /** The owner removed enough members: buy the plan they chose. */
    membersRemoved() {
      const plan = tooManyMembers;
      setTooManyMembers(null);
      if (plan) void subscribe(plan);
    },
    cancelRemoveMembers: () => setTooManyMembers(null),
  };
}
