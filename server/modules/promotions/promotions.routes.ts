import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deployPromotionBodySchema,
  deployPromotionResponseSchema,
  deploySchemeBodySchema,
  messageResponseSchema,
  pauseAllResponseSchema,
  promosResponseSchema,
  schemesResponseSchema,
} from '@contract/admin';
import { errorBodySchema } from '@contract/errors';
import { activePromotionsResponseSchema } from '@contract/promotions';
import { adminOnly } from '../admin/require-admin';
import type { CleanupService, PromotionsService } from './promotions.service';

export interface PromotionsRoutesOptions {
  service: PromotionsService;
  cleanup: CleanupService;
}

const refused = { 400: errorBodySchema, 401: errorBodySchema };

export const promotionsRoutes: FastifyPluginAsyncZod<PromotionsRoutesOptions> = async (app, { service, cleanup }) => {
  app.get('/api/promotions/active', { schema: { response: { 200: activePromotionsResponseSchema } } }, async () => ({
    promotions: await service.active(),
  }));

  app.get('/api/admin/schemes', { onRequest: adminOnly, schema: { response: { 200: schemesResponseSchema, ...refused } } }, () =>
    service.schemes(cleanup.isRunning),
  );

  app.post(
    '/api/admin/schemes/deploy',
    { onRequest: adminOnly, schema: { body: deploySchemeBodySchema, response: { 200: messageResponseSchema, 409: errorBodySchema, ...refused } } },
    (request) => service.deployScheme(request.body.scheme),
  );

  app.get('/api/admin/promos', { onRequest: adminOnly, schema: { response: { 200: promosResponseSchema, ...refused } } }, () => service.promos());

  app.post(
    '/api/admin/deploy-promotion',
    { onRequest: adminOnly, schema: { body: deployPromotionBodySchema, response: { 200: deployPromotionResponseSchema, ...refused } } },
    (request) => service.deployPromotion(request.body.action),
  );

  app.post('/api/admin/promotions/pause-all', { onRequest: adminOnly, schema: { response: { 200: pauseAllResponseSchema, ...refused } } }, () =>
    service.pauseAll(),
  );
};
