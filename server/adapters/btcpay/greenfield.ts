import { AppError } from '../../lib/app-error';

/**
 * BTCPay Server's Greenfield API, the two calls Genie makes: create an invoice in USD, and read
 * which address and amount its checkout asks for in one currency. Every call is bounded in time
 * and in the bytes it reads; the API key never leaves this file (not in errors, not in logs).
 */
export interface GreenfieldSettings {
  url: string;
  storeId: string;
  apiKey: string;
  /** Per call, connection included. */
  timeoutMs?: number;
}

export interface GreenfieldInvoice {
  id: string;
  checkoutLink: string;
  expiresAt: Date;
  /** The chosen currency's address and amount, when BTCPay's payment methods name them. */
  address: string | null;
  amount: string | null;
}

const MAX_RESPONSE_BYTES = 256 * 1024;

const unreachable = (why: string) => new AppError('provider_failed', `The payment processor (BTCPay Server) could not create the invoice: ${why}. Try again in a minute.`);

export function createGreenfieldClient(settings: GreenfieldSettings) {
  const base = `${settings.url.replace(/\/+$/, '')}/api/v1/stores/${encodeURIComponent(settings.storeId)}`;

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: { authorization: `token ${settings.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch {
      throw unreachable('it did not answer');
    }
    const text = await response.text();
    if (text.length > MAX_RESPONSE_BYTES) throw unreachable('its answer was too large');
    if (!response.ok) throw unreachable(`it answered ${response.status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw unreachable('its answer was not JSON');
    }
  }

  return {
    async createInvoice(request: { amountUSD: string; currency: string; orderId: string; expirationMinutes: number }): Promise<GreenfieldInvoice> {
      const created = (await call('/invoices', {
        method: 'POST',
        body: {
          amount: request.amountUSD,
          currency: 'USD',
          metadata: { orderId: request.orderId },
          checkout: { expirationMinutes: request.expirationMinutes },
        },
      })) as { id?: unknown; checkoutLink?: unknown; expirationTime?: unknown };
      if (typeof created.id !== 'string' || typeof created.checkoutLink !== 'string' || typeof created.expirationTime !== 'number') {
        throw unreachable('its answer had no id, checkoutLink or expirationTime');
      }
      const method = await this.paymentMethod(created.id, request.currency).catch(() => undefined);
      return {
        id: created.id,
        checkoutLink: created.checkoutLink,
        expiresAt: new Date(created.expirationTime * 1000),
        address: method?.destination ?? null,
        amount: method?.amount ?? null,
      };
    },

    /** The on-chain method of `currency` ("BTC", or "BTC-CHAIN" in BTCPay 2): its address and amount due. */
    async paymentMethod(invoiceId: string, currency: string): Promise<{ destination: string; amount: string } | undefined> {
      const methods = await call(`/invoices/${encodeURIComponent(invoiceId)}/payment-methods`, { method: 'GET' });
      if (!Array.isArray(methods)) return undefined;
      for (const method of methods as Record<string, unknown>[]) {
        const id = String(method.paymentMethodId ?? method.paymentMethod ?? '');
        if ((id === currency || id === `${currency}-CHAIN`) && typeof method.destination === 'string' && typeof method.amount === 'string') {
          return { destination: method.destination, amount: method.amount };
        }
      }
      return undefined;
    },
  };
}

export type GreenfieldClient = ReturnType<typeof createGreenfieldClient>;
