import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResponse } from '@contract/billing';
import { apiRequest } from '@/lib/request';

/** A renewal is a new invoice for the same plan (one click from the reminder, or after one expired). */
export const renewPlan = async (body: CheckoutBody): Promise<CheckoutResponse> => (await apiRequest('POST', '/api/billing/checkout', body)).json();

export const useRenewPlan = () => useMutation({ mutationFn: renewPlan });
