import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { BillingCurrency, CheckoutResponse, Invoice } from '@contract/billing';
import { errorSentence } from '@/lib/error-sentence';
import { i18n } from '@/lib/i18n/i18n';
import { apiRequest } from '@/lib/request';

/** A renewal is a new invoice for the same plan (one click from the reminder, or after one ended). */
export const renewPlan = async (body: { plan: Invoice['plan']; currency: BillingCurrency }): Promise<CheckoutResponse> =>
  (await apiRequest('POST', '/api/billing/checkout', body)).json();

/**
 * Makes the renewal invoice and opens it (Genie's /billing/<id>, or BTCPay's checkout); when the
 * server refuses (a plan with fewer seats than members, no payments any more) `problem` is its sentence.
 */
export function useRenewPlan() {
  const [, navigate] = useLocation();
  const mutation = useMutation({ mutationFn: renewPlan });
  const error = mutation.error;
  return {
    renew: (body: { plan: Invoice['plan']; currency: BillingCurrency }) =>
      mutation.mutate(body, {
        onSuccess: (next) => {
          if (next.checkoutUrl.startsWith('/')) navigate(next.checkoutUrl);
          else window.location.assign(next.checkoutUrl);
        },
      }),
    isPending: mutation.isPending,
    problem: error ? errorSentence(error, i18n.t('billing:renewFailed')) : null,
  };
}
