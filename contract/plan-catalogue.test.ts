import { describe, expect, it } from 'vitest';
import { offersUpgrade } from './plan-catalogue';

describe('offersUpgrade', () => {
  it('offers Upgrade to Free and Starter, not to Pro or Enterprise', () => {
    expect(offersUpgrade({ isPremium: false, plan: null })).toBe(true);
    expect(offersUpgrade({ isPremium: true, plan: 'starter' })).toBe(true);
    expect(offersUpgrade({ isPremium: true, plan: 'pro' })).toBe(false);
    expect(offersUpgrade({ isPremium: true, plan: 'enterprise' })).toBe(false);
  });

  it('offers it again when a Pro period has lapsed (the answer reads Free)', () => {
    expect(offersUpgrade({ isPremium: false, plan: 'pro' })).toBe(true);
  });
});
