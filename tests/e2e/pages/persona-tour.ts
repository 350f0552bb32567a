import type { Page } from 'playwright-core';

/** The full-screen persona tour opened from the sidebar's "Meet the Genies" (SPEC §2). */
export class PersonaTourPage {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Meet the Genies' });
  }
  counter() {
    return this.dialog().getByLabel(/^Persona \d+ of \d+$/);
  }
  progress() {
    return this.dialog().getByRole('progressbar', { name: 'Tour progress' });
  }
  chooseButton() {
    return this.dialog().getByRole('button', { name: /^(Choose|Starting with) / });
  }
  next() {
    return this.dialog().getByRole('button', { name: 'Next', exact: true }).click();
  }
  previousButton() {
    return this.dialog().getByRole('button', { name: 'Previous', exact: true });
  }
  skip() {
    return this.dialog().getByRole('button', { name: 'Skip tour and explore on your own' }).click();
  }
  /** The visible step (inactive steps are hidden from the accessibility tree). */
  step() {
    return this.dialog().getByRole('region');
  }
}
