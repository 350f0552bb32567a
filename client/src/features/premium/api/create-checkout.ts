import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResponse } from '@contract/billing';
import { apiRequest } from '@/lib/request';

export const createCheckout = async (body: CheckoutBody): Promise<CheckoutResponse> => (await apiRequest('POST', '/api/billing/checkout', body)).json();

export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
