/**
 * A protocol peer of BTCPay Server's Greenfield API on 127.0.0.1, the two calls Genie makes:
 *   POST /api/v1/stores/{storeId}/invoices                         (Authorization: token <key>)
 *   GET  /api/v1/stores/{storeId}/invoices/{id}/payment-methods
 * answered in Greenfield's documented shapes (InvoiceData: id, storeId, amount, currency, type,
 * checkoutLink, status, createdTime, expirationTime in Unix seconds, metadata, checkout; payment
 * methods: paymentMethodId, destination, paymentLink, rate, amount, due). A wrong key is 401 and an
 * unknown store 404, as BTCPay answers them.
 *
 * `webhook(type, invoiceId)` builds a delivery as BTCPay sends it (deliveryId, webhookId,
 * originalDeliveryId, isRedelivery, type, timestamp, storeId, invoiceId, metadata) with its
 * `BTCPay-Sig: sha256=<hex HMAC-SHA256 of the raw body>` header.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeBtcpayInvoice {
  id: string;
  amount: string;
  currency: string;
  metadata: Record<string, unknown>;
  createdTime: number;
  expirationTime: number;
}

const RATE_BTC_USD = '65000';

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

export async function startFakeBtcpayServer(options: { storeId: string; apiKey: string; webhookSecret: string }) {
  const invoices = new Map<string, FakeBtcpayInvoice>();
  const requests: { method: string; url: string; authorization: string | undefined; body: unknown }[] = [];
  const server = createServer(async (request, response) => {
    const raw = await bodyOf(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    requests.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== `token ${options.apiKey}`) return send(401, { code: 'unauthenticated', message: 'Authentication is required for accessing this endpoint' });
    const match = /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+)\/payment-methods)?$/.exec(request.url ?? '');
    if (!match) return send(404, { code: 'not-found', message: 'Not found' });
    if (decodeURIComponent(match[1]!) !== options.storeId) return send(404, { code: 'store-not-found', message: 'The store was not found' });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.method === 'POST' && !match[2]) {
      const now = Math.floor(Date.now() / 1000);
      const checkout = (body?.checkout ?? {}) as { expirationMinutes?: number };
      const invoice: FakeBtcpayInvoice = {
        id: randomBytes(11).toString('base64url'),
        amount: String(body?.amount ?? '0'),
        currency: String(body?.currency ?? 'USD'),
        metadata: (body?.metadata ?? {}) as Record<string, unknown>,
        createdTime: now,
        expirationTime: now + 60 * (checkout.expirationMinutes ?? 15),
      };
      invoices.set(invoice.id, invoice);
      return send(200, {
        ...invoice,
        storeId: options.storeId,
        type: 'Standard',
        checkoutLink: `${base}/i/${invoice.id}`,
        status: 'New',
        additionalStatus: 'None',
        monitoringExpiration: invoice.expirationTime + 3600,
        availableStatusesForManualMarking: ['Settled', 'Invalid'],
        archived: false,
        checkout: { speedPolicy: 'MediumSpeed', expirationMinutes: checkout.expirationMinutes ?? 15 },
      });
    }
    if (request.method === 'GET' && match[2]) {
      const invoice = invoices.get(decodeURIComponent(match[2]));
      if (!invoice) return send(404, { code: 'invoice-not-found', message: 'The invoice was not found' });
      const btc = (Math.ceil((Number(invoice.amount) / Number(RATE_BTC_USD)) * 1e8) / 1e8).toFixed(8);
      return send(200, [
        {
          paymentMethodId: 'BTC-CHAIN',
          currency: 'BTC',
          destination: `bcrt1qfake${invoice.id.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
          paymentLink: `bitcoin:bcrt1qfake?amount=${btc}`,
          rate: RATE_BTC_USD,
          amount: btc,
          due: btc,
          paymentMethodPaid: '0',
          totalPaid: '0',
          networkFee: '0',
          payments: [],
          activated: true,
        },
      ]);
    }
    return send(405, { code: 'method-not-allowed', message: 'Method not allowed' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    invoices,
    requests,
    /** A webhook delivery as BTCPay signs it; `secret` forges it with another secret. */
    webhook(type: 'InvoiceSettled' | 'InvoiceExpired' | 'InvoiceInvalid' | 'InvoiceReceivedPayment', invoiceId: string, secret = options.webhookSecret) {
      const deliveryId = randomBytes(11).toString('base64url');
      const invoice = invoices.get(invoiceId);
      const raw = JSON.stringify({
        deliveryId,
        webhookId: 'fakeWebhook1',
        originalDeliveryId: deliveryId,
        isRedelivery: false,
        type,
        timestamp: Math.floor(Date.now() / 1000),
        storeId: options.storeId,
        invoiceId,
        metadata: invoice?.metadata ?? {},
        ...(type === 'InvoiceSettled' ? { manuallyMarked: false, overPaid: false } : {}),
        ...(type === 'InvoiceExpired' ? { partiallyPaid: false, paidAfterExpiration: false } : {}),
      });
      const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
      return { raw, headers: { 'content-type': 'application/json', 'btcpay-sig': signature } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
