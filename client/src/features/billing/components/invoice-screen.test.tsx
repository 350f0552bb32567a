import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { Invoice } from '@contract/billing';
import { applyLanguage } from '@/lib/i18n/i18n';
import { invoiceQueryOptions } from '../api/get-invoice';
import { InvoiceScreen } from './invoice-screen';

const ID = '5b0c8f0e-3f7a-4c1e-9d2a-0f6b8e4c2a11';
const pending: Invoice = {
  invoiceId: ID,
  plan: 'pro',
  planName: 'Pro',
  amountUSD: '159.20',
  listPriceUSD: '199.00',
  currency: 'BTC',
  amount: '0.00244923',
  address: 'bc1qexampleaddress',
  mode: 'direct',
  checkoutUrl: null,
  status: 'pending',
  createdAt: '2026-11-28T12:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  paidAt: null,
  periodEnd: null,
};

function draw(invoice: Invoice) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(invoiceQueryOptions(ID).queryKey, invoice);
  return renderToString(
    <Router ssrPath={`/billing/${ID}`} ssrSearch="">
      <QueryClientProvider client={client}>
        <InvoiceScreen id={ID} />
      </QueryClientProvider>
    </Router>,
  );
}

/** Issue 44: the invoice in the page's language, its money through Intl; English as it was. */
describe('InvoiceScreen', () => {
  afterEach(async () => applyLanguage('en'));

  it('reads as before in English', () => {
    const html = draw(pending);
    expect(html).toContain('Genie Pro, one month');
    expect(html).toContain('Waiting for payment');
    expect(html).toContain('$159.20');
    expect(html).toContain('$199.00');
    expect(html).toContain('/month');
    expect(html).toContain('Send exactly');
    expect(html).toContain('BTC: this exact amount tells us the payment is yours.');
  });

  it('is in French, with French money', async () => {
    await applyLanguage('fr');
    const html = draw(pending);
    expect(html).toContain('Genie Pro, un mois');
    expect(html).toContain('En attente de paiement');
    expect(html).toContain('159,20\u00a0$US');
    expect(html).toContain('/mois');
    expect(html).toContain('Envoyez exactement');
    expect(html).not.toContain('Send exactly');
  });

  it('says why an expired invoice ended, in German', async () => {
    await applyLanguage('de');
    const html = draw({ ...pending, status: 'expired' });
    expect(html).toContain('Diese Rechnung ist abgelaufen, bevor eine Zahlung einging.');
    expect(html).toContain('Neue Rechnung erstellen');
  });
});
