import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_SIGNATURE_HEADER, paymentWebhookResponseSchema } from '@contract/admin';
import { errorBodySchema } from '@contract/errors';
import type { PaymentsService } from './payments.service';

/**
 * POST /api/payments/webhook. The signature covers the exact bytes sent, so this plugin (and only
 * it: Fastify scopes content-type parsers to the plugin) keeps the JSON body as a raw Buffer.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (app, { service }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/api/payments/webhook',
    { schema: { response: { 200: paymentWebhookResponseSchema, 400: errorBodySchema, 401: errorBodySchema } } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[PAYMENT_SIGNATURE_HEADER];
      return service.handleWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
    },
  );
};
