import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { SUBSCRIBE_REDIRECT_MS, type Plan } from '@contract/plan-catalogue';

/**
 * SPEC §2: Subscribe Now says payment is processing, then goes to /app after 2 seconds.
 * No payment is taken here (SPEC shows no payment call).
 */
export function useSubscribe() {
  const [, navigate] = useLocation();
  const [redirectingTo, setRedirectingTo] = useState<Plan | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function subscribe(plan: Plan) {
    window.alert(`Payment processing for the ${plan.name} plan. You will be taken to your dashboard in a moment.`);
    setRedirectingTo(plan);
    timer.current = window.setTimeout(() => navigate('/app'), SUBSCRIBE_REDIRECT_MS);
  }

  function contactSales(plan: Plan) {
    window.alert(`Thank you for your interest in ${plan.name}! To reach our sales team, request a demo on our home page and we will get in touch.`);
  }

  return { subscribe, contactSales, redirectingTo };
}
