import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { createExtractionPool } from './adapters/extraction/create-extraction-pool';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import { createObjectStore } from './adapters/storage/create-object-store';
import { LocalDiskStore } from './adapters/storage/local-disk-store';
import { createBackupService } from './modules/backup/backup.service';
import { backupStatus } from './modules/backup/backup-status';
import { readDiskSpace, type DiskSpace } from './lib/disk-space';
import type { ObjectStore } from './adapters/storage/object-store';
import { AppError } from './lib/app-error';
import { logSafeUrl } from './lib/log-safe-url';
import { createPublicLinks, NO_PUBLIC_URL } from './lib/public-links';
import { createFilesServices, filesLimitsOf, registerFilesModule } from './modules/files/files.plugin';
import { systemClock, type Clock } from './lib/clock';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { UserDataChanges } from './modules/auth/session-cache';
import { sessionTokenOf } from './modules/auth/session-cookie';
import { decorateAuth } from './modules/auth/current-user';
import { accountSecurityRoutes } from './modules/auth/account-security.routes';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createEmailVerificationService } from './modules/auth/email-verification.service';
import { registerOidc } from './modules/auth/oidc.module';
import { registerLdap } from './modules/auth/ldap.module';
import { readLdapSettings } from './adapters/ldap/ldap-directory';
import { localModelsStatus, prepareLocalModels } from './adapters/llm/local/local-models';
import { healthRoutes, type HealthChecks } from './modules/health/health.routes';
import { registerAdminModule } from './modules/admin/admin.module';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { registerBodyDeadline } from './plugins/body-deadline';
import { registerCompression } from './plugins/compression';
import { clientErrorHandler } from './plugins/client-errors';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerApiNoStore } from './plugins/api-no-store';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticClient } from './plugins/static-client';
import { chatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { createConversationsService } from './modules/conversations/conversations.service';
import { createProjectsService } from './modules/projects/projects.service';
import { projectsRoutes } from './modules/projects/projects.routes';
import { createPromptsService } from './modules/prompts/prompts.service';
import { promptsRoutes } from './modules/prompts/prompts.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { openAiApiRoutes } from './modules/openai-api/openai-api.routes';
import { mcpRoutes } from './modules/mcp-server/mcp.routes';
import { mcpToolsRoutes } from './modules/mcp-tools/mcp-tools.routes';
import { createMcpToolsService } from './modules/mcp-tools/mcp-tools.service';
import { registerAccountsModule } from './modules/accounts/accounts.module';
import { createSearchModule } from './modules/search/search.module';
import { createReindexService } from './modules/search/reindex.service';
import { searchRoutes } from './modules/search/search.routes';
import { createTeamsService } from './modules/teams/teams.service';
import { createTeamControlsService } from './modules/team-controls/team-controls.service';
import { registerTeamControlsModule } from './modules/team-controls/team-controls.module';
import { createTeamAuditService } from './modules/team-controls/team-audit.service';

export interface AppDeps {
  config: Config;
  database: Database;
  /** HMAC key for signed URLs: SESSION_SECRET or the one kept in DATA_DIR. */
  sessionSecret: string;
  clock?: Clock;
  /** The built client to serve (dist/client); omitted in API tests. */
  clientDir?: string;
  /** Where file bytes live; defaults to local disk under DATA_DIR/objects. */
  objectStore?: ObjectStore;
  /** Where one-time notices (the generated first admin password) are printed; console.log by default. */
  announce?: (line: string) => void;
  /**
   * Make sure an admin account exists before listening (ADMIN_* or a generated password); true by
   * default. API tests that need no admin turn it off: it costs an argon2 hash per app built.
   */
  ensureFirstAdmin?: boolean;
  /** Measures the disk holding DATA_DIR (health, System tab); statfs by default, a stand-in in tests. */
  diskSpace?: (dir: string) => Promise<DiskSpace>;
  /** Where writes to users' plan or email are announced to the session cache; tests that write users directly pass their own. */
  userDataChanges?: UserDataChanges;
  /** Outgoing mail; built from SMTP_URL / MAIL_FROM when omitted (null: mail is not configured). */
  mailer?: Mailer | null;
  /**
   * Record every model call's tokens for the team's usage and budgets (issue 43); on by default.
   * Only bench/usage-recording.bench.ts turns it off, to time what the recording costs a chat.
   */
  usageRecording?: boolean;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** The one composition root: every service, store and route is wired here and nowhere else. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  // First: a `local:` model whose runtime or file is missing stops start with one sentence (ConfigError).
  const localModelNotices = await prepareLocalModels(config);
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;

  const logOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // Fastify's own request fields, with reset tokens and OAuth codes cut out of the URL.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: logSafeUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  const app = Fastify({
    logger: deps.logger === false ? false : { ...logOptions, ...(deps.logger === true || deps.logger === undefined ? {} : deps.logger) },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // Fastify's default is no limit: a request may take this long to arrive, headers and body.
    // Uploads are the slow ones; JSON bodies have a shorter deadline (registerBodyDeadline).
    requestTimeout: config.UPLOAD_TIMEOUT_SECONDS * 1000,
    http: {
      // Node applies the shorter of these two to the body (it swaps them when headersTimeout,
      // 60 s by default, is the longer), so the headers' limit must not exceed the request's.
      headersTimeout: Math.min(60_000, config.UPLOAD_TIMEOUT_SECONDS * 1000),
      // How often Node looks for requests past those limits (its default, 30 s, would add up to 30 s).
      connectionsCheckingInterval: Math.min(30_000, config.UPLOAD_TIMEOUT_SECONDS * 250),
    },
    clientErrorHandler,
    // Answer 503 to new requests while draining on SIGTERM.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerBodyDeadline(app, config.REQUEST_BODY_TIMEOUT_SECONDS);
  // Before any route: the plugin hooks each route as it is added.
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Genie API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  const objectStore = deps.objectStore ?? (await createObjectStore(config));
  // Backups of the embedded database and the local objects (issue 47): `npm run backup` asks the
  // running server (main.ts opens its socket), BACKUP_DIR's schedule runs here.
  const backups = createBackupService(
    { database, dataDir: config.DATA_DIR, holdingDeletes: objectStore instanceof LocalDiskStore ? (work) => objectStore.holdingDeletes(work) : null },
    config,
    { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) },
  );
  app.decorate('backups', backups);
  if (database.kind === 'pglite') backups.startSchedule();
  app.addHook('onClose', () => backups.stop());
  await registerSecurityHeaders(app, https, objectStore.uploadOrigins?.() ?? []);
  registerApiNoStore(app);
  await app.register(fastifyCookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many attempts. Try again in ${context.after}.`),
  });
  registerSameOriginCheck(app, { publicUrl: config.PUBLIC_URL, listenHost: config.HOST });

  const db = database.db;
  // Not awaited: a slow or unreachable store must not hold the start; a problem is logged once.
  app.addHook('onReady', async () => {
    const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : '*';
    void objectStore.prepareBrowserUploads?.(origin).then((problem) => problem && app.log.warn(problem));
  });
  // A stored upload nudges the indexer (the search module, built below; no request is served before buildApp returns).
  const files = createFilesServices({ db, store: objectStore, clock, secret: deps.sessionSecret, ...filesLimitsOf(config), onFileStored: () => search.indexer.nudge() });
  const userDataChanges = deps.userDataChanges ?? new UserDataChanges();
  const mailer = deps.mailer === undefined ? createMailer(config) : deps.mailer;
  if (mailer) app.addHook('onClose', () => mailer.close());
  // Mail links are built from PUBLIC_URL alone (lib/public-links.ts): with mail but no PUBLIC_URL,
  // every mail with a link is refused, and the operator hears it once at start.
  const links = createPublicLinks(config.PUBLIC_URL);
  for (const notice of localModelNotices) app.log.warn(notice);
  if (mailer && !links.configured) app.log.warn(NO_PUBLIC_URL);
  const teamsService = createTeamsService({
    db,
    clock,
    userDataChanges,
    enterpriseSeats: config.ENTERPRISE_SEATS,
    mailer,
    links,
    warn: (message) => app.log.warn(message),
  });
  const authService = createAuthService({ db, clock, userDataChanges, joinTeam: teamsService.joinOnSignup });
  decorateAuth(app, authService);
  const passwordResets = createPasswordResetService({
    db,
    clock,
    auth: authService,
    mailer,
    links,
    mailsPerHour: config.PASSWORD_RESET_MAILS_PER_HOUR,
    warn: (message) => app.log.warn(message),
  });
  app.decorate('passwordResets', passwordResets);
  app.addHook('onClose', () => passwordResets.idle());
  const emailVerification = createEmailVerificationService({ db, clock, mailer, links, userDataChanges, warn: (message) => app.log.warn(message) });
  app.decorate('emailVerification', emailVerification);
  app.addHook('onClose', () => emailVerification.idle());
  // Attached files are read in worker processes; closing the app stops them.
  const extraction = createExtractionPool(config, (message) => app.log.warn(message));
  // The search index (issue 16): files are cut into passages in the background, by worker
  // processes of their own (half as many as chat's, at least one) with the same caps.
  const indexWorkers = Math.max(1, Math.floor(config.EXTRACTION_WORKERS / 2));
  const indexing = createExtractionPool(config, (message) => app.log.warn(message), { size: indexWorkers, queueMax: indexWorkers });
  const search = await createSearchModule({ db, config, extraction: indexing, concurrency: indexWorkers, open: (file) => files.records.openFile(file), log: (message) => app.log.warn(message) });
  app.addHook('onClose', async () => {
    const indexerStopped = search.stop();
    await indexing.close();
    await indexerStopped;
  });
  // The team's policy, budgets and usage (issue 43): checked where every chat starts.
  const teamControls = createTeamControlsService({ db, config, clock, mailer, userDataChanges, warn: (message) => app.log.warn(message) });
  const projects = createProjectsService({ db, clock });
  const conversations = createConversationsService({ db, clock, projects });
  // MCP tools in chat (issue 40): the servers connect in the background; a chat offers what is ready.
  const mcpTools = createMcpToolsService({ db, config, clock, log: (message) => app.log.warn(message) });
  void mcpTools.start();
  app.addHook('onClose', () => mcpTools.close());
  const chatService = createChatService({
    tools: mcpTools.forChat,
    teamControls: deps.usageRecording === false ? { ...teamControls, usageInsert: null } : teamControls,
    db,
    config,
    clock,
    files: files.records,
    extraction,
    knowledge: search.service,
    projects: { forChat: projects.forChat, projectIdOf: conversations.projectIdOf, place: conversations.place },
  });
  app.addHook('onClose', () => chatService.stopTitleCalls());

  const healthChecks: HealthChecks = {
    database: () => database.ping(),
    storage: () => objectStore.ping(),
    models: async () => chatService.modelsStatus(),
    localModels: () => localModelsStatus(config),
    disk: () => (deps.diskSpace ?? readDiskSpace)(config.DATA_DIR).catch(() => null),
    ...(database.kind === 'pglite' ? { backup: () => backupStatus(backups, config.BACKUP_EVERY_HOURS, clock.now()) } : {}),
  };
  await app.register(healthRoutes, { checks: healthChecks });
  const ssoName = config.OIDC_ISSUER ? config.OIDC_DISPLAY_NAME : null;
  // Read once here (LDAP_TLS_CA_FILE): an unreadable CA file stops the start with its name.
  const ldapSettings = readLdapSettings(config);
  await app.register(authRoutes, { secureCookies: https, attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE, passwordsOffFor: config.OIDC_ONLY ? ssoName : null });
  await app.register(accountSecurityRoutes, {
    passwordResets,
    // A reset by mail needs both mail and PUBLIC_URL; otherwise the pages show the operator's command.
    options: { passwords: !config.OIDC_ONLY, passwordReset: mailer && links.configured ? 'mail' : 'operator', sso: ssoName ? { name: ssoName } : null, ldap: ldapSettings !== null },
    secureCookies: https,
    attemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await registerOidc(app, { config, db, clock, secret: deps.sessionSecret, secureCookies: https });
  await registerLdap(app, { settings: ldapSettings, config, db, clock, userDataChanges, secureCookies: https });
  // Personal API keys (issue 40): they authenticate /v1 and /mcp only, never the cookie API.
  const apiKeys = createApiKeysService({ db, clock, userDataChanges });
  // ── module routes: one registration line per module, in any order ──
  await app.register(chatRoutes, { chatService });
  await app.register(conversationsRoutes, { conversationsService: conversations });
  await app.register(projectsRoutes, { service: projects });
  await app.register(promptsRoutes, { service: createPromptsService({ db, clock, teamToShareWith: projects.teamToShareWith }) });
  await registerFilesModule(app, { services: files, sweep: { db, store: objectStore, clock, intervalMinutes: config.FILES_CLEANUP_INTERVAL_MINUTES } });
  await registerAdminModule(app, { db, clock, config, checks: healthChecks, userDataChanges, announce: deps.announce, ensureFirstAdmin: deps.ensureFirstAdmin ?? true, revokeApiKeys: apiKeys.revokeAllOf, mailer, links });
  await app.register(profileRoutes, { service: createProfileService({ db, clock, storage: files.usage, userDataChanges }) });
  await app.register(teamsRoutes, { service: teamsService });
  await registerTeamControlsModule(app, teamControls, createTeamAuditService({ db, clock }));

  await registerAccountsModule(app, { db, store: objectStore, clock, userDataChanges, secureCookies: https, secret: deps.sessionSecret });
  const reindex = createReindexService({ db, requireModifiableFile: files.records.requireModifiable, nudge: () => search.indexer.nudge() });
  await app.register(searchRoutes, { service: search.service, reindex });
  await app.register(apiKeysRoutes, { service: apiKeys });
  await app.register(openAiApiRoutes, { prefix: '/v1', chatService, apiKeys });
  await app.register(mcpRoutes, { chatService, search: search.service, apiKeys });
  await app.register(mcpToolsRoutes, { service: mcpTools });

  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await registerStaticClient(app, deps.clientDir, (request) => sessionTokenOf(request) !== undefined);
  return app;
}
