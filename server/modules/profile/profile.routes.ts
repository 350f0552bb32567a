import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@contract/errors';
import { chosenPersonaBodySchema, chosenPersonaSchema, updateProfileBodySchema, userSubscriptionSchema, userMetricsSchema, userProfileSchema } from '@contract/profile';
import { languageBodySchema } from '@contract/languages';
import { requireUser } from '../auth/current-user';
import type { ProfileService } from './profile.service';

export interface ProfileRoutesOptions {
  service: ProfileService;
}

/** SPEC §7 Profile and GET /api/user/subscription: the signed-in user's own data only. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { service }) => {
  const signedIn = { 401: errorBodySchema };
  // Signed out is 401 before the body is even looked at (the user is resolved once per request).
  app.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  app.get('/api/user/profile', { schema: { response: { 200: userProfileSchema, ...signedIn } } }, async (request) =>
    service.profile((await requireUser(request)).id),
  );

  app.put(
    '/api/user/profile',
    { schema: { body: updateProfileBodySchema, response: { 200: userProfileSchema, 400: errorBodySchema, 409: errorBodySchema, ...signedIn } } },
    async (request) => service.updateProfile((await requireUser(request)).id, request.body),
  );

  // Issue 44: the account's language alone, so the switch needs no username or email.
  app.patch('/api/user/profile', { schema: { body: languageBodySchema, response: { 200: languageBodySchema, 400: errorBodySchema, ...signedIn } } }, async (request) =>
    service.setLanguage((await requireUser(request)).id, request.body.language),
  );

  app.get('/api/user/metrics', { schema: { response: { 200: userMetricsSchema, ...signedIn } } }, async (request) =>
    service.metrics((await requireUser(request)).id),
  );

  app.get('/api/user/persona', { schema: { response: { 200: chosenPersonaSchema, ...signedIn } } }, async (request) =>
    service.chosenPersona((await requireUser(request)).id),
  );

  app.put('/api/user/persona', { schema: { body: chosenPersonaBodySchema, response: { 200: chosenPersonaSchema, 400: errorBodySchema, ...signedIn } } }, async (request) =>
    service.setChosenPersona((await requireUser(request)).id, request.body.persona),
  );

  app.get('/api/user/subscription', { schema: { response: { 200: userSubscriptionSchema, ...signedIn } } }, async (request) =>
    service.subscription(await requireUser(request)),
  );
};
