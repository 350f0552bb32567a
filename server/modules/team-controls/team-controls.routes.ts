import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@contract/errors';
import { adminUsageSchema, myUsageSchema, teamDailyUsageSchema, teamPolicySchema, teamPolicyViewSchema, teamUsageSchema, usageQuerySchema } from '@contract/team-controls';
import { teamAuditPageSchema, teamAuditQuerySchema } from '@contract/team-audit';
import { z } from 'zod';
import { adminOnly } from '../admin/require-admin';
import { requireUser } from '../auth/current-user';
import type { TeamAuditService } from './team-audit.service';
import type { TeamControlsService } from './team-controls.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Issue 43: the team's policy, its usage and cost, and the caller's own usage. Always the caller's team. */
export const teamControlsRoutes: FastifyPluginAsyncZod<{ service: TeamControlsService; audit: TeamAuditService }> = async (app, { service, audit }) => {
  const me = async (request: FastifyRequest) => (await requireUser(request)).id;
  const signedIn = {
    preValidation: async (request: FastifyRequest) => {
      await requireUser(request);
    },
  };

  app.get('/api/team/policy', { ...signedIn, schema: { response: { 200: teamPolicyViewSchema, ...errors } } }, async (request) => service.policyView(await me(request)));

  app.put('/api/team/policy', { ...signedIn, schema: { body: teamPolicySchema, response: { 200: teamPolicyViewSchema, ...errors } } }, async (request) =>
    service.setPolicy(await me(request), request.body),
  );

  app.get(
    '/api/team/usage',
    { ...signedIn, schema: { querystring: usageQuerySchema, response: { 200: z.union([teamUsageSchema, z.string()]), ...errors } } },
    async (request, reply) => {
      const userId = await me(request);
      if (request.query.format !== 'csv') return service.teamUsage(userId, request.query.month);
      const { month, csv } = await service.teamUsageCsv(userId, request.query.month);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="genie-usage-${month}.csv"`).send(csv);
    },
  );

  app.get('/api/team/usage/daily', { ...signedIn, schema: { response: { 200: teamDailyUsageSchema, ...errors } } }, async (request) => service.teamDailyUsage(await me(request)));

  /** The operator's view across teams (issue 43): the admin token, checked before anything else. */
  app.get(
    '/api/admin/usage',
    { onRequest: adminOnly, schema: { querystring: usageQuerySchema.pick({ month: true }), response: { 200: adminUsageSchema, ...errors } } },
    async (request) => service.usageAcrossTeams(request.query.month),
  );

  app.get('/api/profile/usage', { ...signedIn, schema: { querystring: usageQuerySchema.pick({ month: true }), response: { 200: myUsageSchema, ...errors } } }, async (request) =>
    service.myUsage(await me(request), request.query.month),
  );

  app.get(
    '/api/team/audit',
    { ...signedIn, schema: { querystring: teamAuditQuerySchema, response: { 200: z.union([teamAuditPageSchema, z.string()]), ...errors } } },
    async (request, reply) => {
      const userId = await me(request);
      if (request.query.format !== 'csv') return audit.page(userId, request.query);
      const csv = await audit.csv(userId, request.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="genie-team-audit.csv"').send(csv);
    },
  );
};
