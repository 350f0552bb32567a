import type { FastifyInstance } from 'fastify';
import { registerAccountsModule } from '../modules/accounts/accounts.module';
import { registerAdminModule } from '../modules/admin/admin.module';
import { apiKeysRoutes } from '../modules/api-keys/api-keys.routes';
import { createApiKeysService } from '../modules/api-keys/api-keys.service';
import { chatRoutes } from '../modules/chat/chat.routes';
import { conversationsRoutes } from '../modules/conversations/conversations.routes';
import { registerFilesModule } from '../modules/files/files.plugin';
import type { HealthChecks } from '../modules/health/health.routes';
import { mcpRoutes } from '../modules/mcp-server/mcp.routes';
import { mcpToolsRoutes } from '../modules/mcp-tools/mcp-tools.routes';
import { openAiApiRoutes } from '../modules/openai-api/openai-api.routes';
import { profileRoutes } from '../modules/profile/profile.routes';
import { createProfileService } from '../modules/profile/profile.service';
import { projectsRoutes } from '../modules/projects/projects.routes';
import { createPromptsService } from '../modules/prompts/prompts.service';
import { promptsRoutes } from '../modules/prompts/prompts.routes';
import { createReindexService } from '../modules/search/reindex.service';
import { searchRoutes } from '../modules/search/search.routes';
import { createTeamAuditService } from '../modules/team-controls/team-audit.service';
import { registerTeamControlsModule } from '../modules/team-controls/team-controls.module';
import { teamsRoutes } from '../modules/teams/teams.routes';
import type { TeamsService } from '../modules/teams/teams.service';
import type { AppDeps } from './app-deps';
import type { ChatServices } from './chat-services';
import { servesHttps } from './register-security';
import type { SharedServices } from './shared-services';

/** Every module's routes: one registration line per module, in any order. */
export async function registerModules(
  app: FastifyInstance,
  deps: AppDeps,
  { db, clock, objectStore, files, userDataChanges, mailer, links }: SharedServices,
  { chatService, conversations, projects, search, teamControls, mcpTools }: ChatServices,
  teamsService: TeamsService,
  healthChecks: HealthChecks,
) {
  const { config } = deps;
  // Personal API keys (issue 40): they authenticate /v1 and /mcp only, never the cookie API.
  const apiKeys = createApiKeysService({ db, clock, userDataChanges });
  await app.register(chatRoutes, { chatService });
  await app.register(conversationsRoutes, { conversationsService: conversations });
  await app.register(projectsRoutes, { service: projects });
  await app.register(promptsRoutes, { service: createPromptsService({ db, clock, teamToShareWith: projects.teamToShareWith }) });
  await registerFilesModule(app, { services: files, sweep: { db, store: objectStore, clock, intervalMinutes: config.FILES_CLEANUP_INTERVAL_MINUTES } });
  await registerAdminModule(app, { db, clock, config, checks: healthChecks, userDataChanges, announce: deps.announce, ensureFirstAdmin: deps.ensureFirstAdmin ?? true, revokeApiKeys: apiKeys.revokeAllOf, mailer, links });
  await app.register(profileRoutes, { service: createProfileService({ db, clock, storage: files.usage, userDataChanges }) });
  await app.register(teamsRoutes, { service: teamsService });
  await registerTeamControlsModule(app, teamControls, createTeamAuditService({ db, clock }));

  await registerAccountsModule(app, { db, store: objectStore, clock, userDataChanges, secureCookies: servesHttps(config), secret: deps.sessionSecret });
  const reindex = createReindexService({ db, requireModifiableFile: files.records.requireModifiable, nudge: () => search.indexer.nudge() });
  await app.register(searchRoutes, { service: search.service, reindex });
  await app.register(apiKeysRoutes, { service: apiKeys });
  await app.register(openAiApiRoutes, { prefix: '/v1', chatService, apiKeys });
  await app.register(mcpRoutes, { chatService, search: search.service, apiKeys });
  await app.register(mcpToolsRoutes, { service: mcpTools });
}
