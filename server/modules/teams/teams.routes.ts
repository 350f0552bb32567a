import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@contract/errors';
import {
  createdInvitationSchema,
  createInvitationBodySchema,
  idParamsSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  teamSchema,
  transferOwnershipBodySchema,
  updateMemberBodySchema,
  updateTeamBodySchema,
  userIdParamsSchema,
} from '@contract/teams';
import { requireUser } from '../auth/current-user';
import type { TeamsService } from './teams.service';
import { requestLanguage } from '../../lib/request-language';

export interface TeamsRoutesOptions {
  service: TeamsService;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Issue 15: the caller's team, its invitations and members. The service proves membership in SQL. */
export const teamsRoutes: FastifyPluginAsyncZod<TeamsRoutesOptions> = async (app, { service }) => {
  const me = async (request: FastifyRequest) => (await requireUser(request)).id;
  // Signed out is 401 before the body is even looked at (the user is resolved once per request).
  const signedIn = {
    preValidation: async (request: FastifyRequest) => {
      await requireUser(request);
    },
  };

  app.get('/api/team', { ...signedIn, schema: { response: { 200: teamSchema, 401: errorBodySchema } } }, async (request) => service.view(await me(request)));

  app.patch('/api/team', { ...signedIn, schema: { body: updateTeamBodySchema, response: { 200: teamSchema, ...errors } } }, async (request) =>
    service.rename(await me(request), request.body.name),
  );

  app.post(
    '/api/team/invitations',
    { ...signedIn, schema: { body: createInvitationBodySchema, response: { 201: createdInvitationSchema, ...errors, 503: errorBodySchema } } },
    async (request, reply) => reply.status(201).send(await service.invite(await me(request), request.body, requestLanguage(request.headers['accept-language']))),
  );

  app.delete('/api/team/invitations/:id', { ...signedIn, schema: { params: idParamsSchema, response: { 200: teamSchema, ...errors } } }, async (request) =>
    service.revokeInvitation(await me(request), request.params.id),
  );

  app.patch(
    '/api/team/members/:userId',
    { ...signedIn, schema: { params: userIdParamsSchema, body: updateMemberBodySchema, response: { 200: teamSchema, ...errors } } },
    async (request) => service.setRole(await me(request), request.params.userId, request.body.role),
  );

  app.delete('/api/team/members/:userId', { ...signedIn, schema: { params: userIdParamsSchema, response: { 200: teamSchema, ...errors } } }, async (request) =>
    service.remove(await me(request), request.params.userId),
  );

  app.post('/api/team/leave', { ...signedIn, schema: { response: { 200: teamSchema, ...errors } } }, async (request) => service.leave(await me(request)));

  app.post('/api/team/transfer', { ...signedIn, schema: { body: transferOwnershipBodySchema, response: { 200: teamSchema, ...errors } } }, async (request) =>
    service.transfer(await me(request), request.body.userId),
  );

  // Public, so a visitor can see what they are invited to before signing up; tokens are 256-bit.
  app.get(
    '/api/invitations/:token',
    { config: { rateLimit: { max: 60, timeWindow: 60_000 } }, schema: { params: invitationTokenParamsSchema, response: { 200: invitationPreviewSchema, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema } } },
    async (request) => service.preview(request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept',
    { ...signedIn, config: { rateLimit: { max: 60, timeWindow: 60_000 } }, schema: { params: invitationTokenParamsSchema, response: { 200: teamSchema, 429: errorBodySchema, ...errors } } },
    async (request) => service.accept(await me(request), request.params.token),
  );
};
