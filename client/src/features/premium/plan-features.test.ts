import { describe, expect, it } from 'vitest';
import { PLANS } from '@contract/plan-catalogue';
import english from '@/locales/en/premium.json';

// Plan cards (here and on the landing page) show `premium:features.<plan>.<index>`: English must be SPEC's catalogue.
describe('plan features', () => {
  it('are, in English, the catalogue’s features of each plan word for word and in its order', () => {
    expect(english.features).toEqual({
      starter: ['Core templates', 'Up to 3 team members', 'Email support'],
      pro: ['All templates plus custom ones', 'Up to 10 team members', 'Priority support', 'Private support bot'],
      enterprise: ['SSO', 'Data residency', 'BAA', 'DPA', 'Audits', 'Dedicated onboarding'],
    });
    expect(english.features).toEqual(Object.fromEntries(PLANS.map((plan) => [plan.id, plan.features])));
  });
});
