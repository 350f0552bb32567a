import type { Page } from 'playwright-core';

export type SectionId = 'why' | 'use-cases' | 'security' | 'pricing' | 'faq' | 'contact';

/** The / landing page: header and footer links, sections, pricing cards and the demo form. */
export class LandingPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/');
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  headerLink(name: string) {
    return this.page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name, exact: true });
  }

  footerLink(name: string) {
    return this.page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });
  }

  /**
   * Waits until the section sits just below the sticky header (its 80 px scroll margin), or, for a
   * section too near the end of the page to reach that, until the page is scrolled to its end
   * with the section in view.
   */
  async waitForSectionAtTop(id: SectionId) {
    await this.page.waitForFunction((sectionId) => {
      const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      return Math.round(top) === 80 || (atEnd && top >= 0 && top < window.innerHeight);
    }, id);
  }

  sectionTop(id: SectionId) {
    return this.page.evaluate((sectionId) => Math.round(document.getElementById(sectionId)!.getBoundingClientRect().top), id);
  }

  pricingCard(planId: string) {
    return this.page.getByTestId(`pricing-${planId}`);
  }

  async fillDemoForm(values: { name: string; email: string; useCase: string }) {
    await this.page.getByLabel('Name', { exact: true }).fill(values.name);
    await this.page.getByLabel('Work email', { exact: true }).fill(values.email);
    await this.page.getByLabel('Use case', { exact: true }).selectOption({ label: values.useCase });
  }

  submitDemoForm() {
    return this.page.getByRole('button', { name: 'Request a demo' }).click();
  }

  demoFormValues() {
    return this.page.evaluate(() => ({
      name: (document.getElementById('demo-name') as HTMLInputElement).value,
      email: (document.getElementById('demo-email') as HTMLInputElement).value,
      usecase: (document.getElementById('demo-usecase') as HTMLSelectElement).value,
    }));
  }
}
