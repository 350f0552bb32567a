import type { Page } from 'playwright-core';

/** The /premium page: the three plan cards and their buttons. */
export class PremiumPage {
  constructor(readonly page: Page) {}

  async open(plan?: string) {
    await this.page.goto(plan ? `/premium?plan=${plan}` : '/premium');
    await this.page.getByRole('heading', { level: 1, name: 'Choose the plan for your team' }).waitFor();
  }

  card(planId: string) {
    return this.page.getByTestId(`plan-${planId}`);
  }

  /** The ids of the highlighted plans, from the cards' data-selected flags. */
  highlightedPlans() {
    return this.page.$$eval('[data-testid^="plan-"][data-selected="true"]', (cards) => cards.map((c) => c.getAttribute('data-testid')!.replace('plan-', '')));
  }

  subscribe(planName: 'Starter' | 'Pro') {
    return this.page.getByRole('button', { name: `Subscribe Now to ${planName}` }).click();
  }

  contactSales() {
    return this.page.getByRole('button', { name: 'Contact Sales about Enterprise' }).click();
  }
}
