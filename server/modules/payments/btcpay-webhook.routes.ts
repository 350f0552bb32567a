import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BTCPAY_SIGNATURE_HEADER, btcpayWebhookResponseSchema } from '@contract/billing';
import { errorBodySchema } from '@contract/errors';
import { AppError } from '../../lib/app-error';
import type { BtcpayWebhook } from './btcpay-webhook';

/**
 * POST /api/billing/btcpay/webhook. The signature covers the exact bytes sent, so this plugin keeps
 * the JSON body as a raw Buffer (Fastify scopes content-type parsers to the plugin). Without BTCPay
 * settings every delivery is refused with 401.
 */
export const btcpayWebhookRoutes: FastifyPluginAsyncZod<{ handle: BtcpayWebhook | null }> = async (app, { handle }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/api/billing/btcpay/webhook',
    { schema: { response: { 200: btcpayWebhookResponseSchema, 400: errorBodySchema, 401: errorBodySchema } } },
    async (request) => {
      if (!handle) throw new AppError('invalid_signature', 'BTCPay Server is not configured on this server.');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[BTCPAY_SIGNATURE_HEADER];
      return handle(raw, Array.isArray(signature) ? signature[0] : signature);
    },
  );
};
