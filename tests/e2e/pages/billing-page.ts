import type { Page } from 'playwright-core';

/** /billing/<invoiceId>: the invoice, its address and QR, its status. */
export class BillingPage {
  constructor(readonly page: Page) {}

  async waitOpen() {
    await this.page.waitForURL(/\/billing\/[0-9a-f-]{36}$/);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  invoiceId() {
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }

  address(currency: string) {
    return this.page.getByLabel(`${currency} address`, { exact: true }).inputValue();
  }

  amount(currency: string) {
    return this.page.getByLabel(`Amount in ${currency}`, { exact: true }).inputValue();
  }

  qr() {
    return this.page.getByTestId('payment-qr');
  }

  status() {
    return this.page.getByRole('status').filter({ has: this.page.locator('span') }).first();
  }
}
