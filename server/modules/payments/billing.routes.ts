import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInvoiceSchema,
  adminInvoicesQuerySchema,
  adminInvoicesResponseSchema,
  billingOptionsSchema,
  checkoutBodySchema,
  checkoutResponseSchema,
  invoiceIdParamsSchema,
  invoiceSchema,
  teamInvoicesResponseSchema,
} from '@contract/billing';
import { errorBodySchema } from '@contract/errors';
import { adminOnly, requireAdmin } from '../admin/require-admin';
import { requireUser } from '../auth/current-user';
import type { BillingService } from './billing.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Issue 41: checkout and invoices for a team's owner or admin, and the admin's view of them. */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  const me = async (request: FastifyRequest) => (await requireUser(request)).id;
  const signedIn = { preValidation: async (request: FastifyRequest) => void (await requireUser(request)) };

  app.get('/api/billing/options', { schema: { response: { 200: billingOptionsSchema } } }, () => service.options());

  app.post(
    '/api/billing/checkout',
    { ...signedIn, schema: { body: checkoutBodySchema, response: { 201: checkoutResponseSchema, ...errors, 502: errorBodySchema, 503: errorBodySchema } } },
    async (request, reply) => reply.status(201).send(await service.checkout(await me(request), request.body)),
  );

  app.get('/api/billing/invoices', { ...signedIn, schema: { response: { 200: teamInvoicesResponseSchema, ...errors } } }, async (request) =>
    service.teamInvoices(await me(request)),
  );

  app.get('/api/billing/invoices/:id', { ...signedIn, schema: { params: invoiceIdParamsSchema, response: { 200: invoiceSchema, ...errors } } }, async (request) =>
    service.invoice(await me(request), request.params.id),
  );

  app.get(
    '/api/admin/invoices',
    { onRequest: adminOnly, schema: { querystring: adminInvoicesQuerySchema, response: { 200: adminInvoicesResponseSchema, ...errors } } },
    (request) => service.adminInvoices(request.query.status),
  );

  app.post(
    '/api/admin/invoices/:id/confirm',
    { onRequest: adminOnly, schema: { params: invoiceIdParamsSchema, response: { 200: adminInvoiceSchema, ...errors } } },
    async (request) => service.adminConfirm((await requireAdmin(request)).username, request.params.id),
  );
};
