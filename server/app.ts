import type { FastifyInstance } from 'fastify';
import { prepareLocalModels } from './adapters/llm/local/local-models';
import { createObjectStore } from './adapters/storage/create-object-store';
import type { AppDeps } from './composition/app-deps';
import { createAccountServices } from './composition/account-services';
import { createChatServices } from './composition/chat-services';
import { createServer } from './composition/create-server';
import { registerClient } from './composition/register-client';
import { registerHealth } from './composition/register-health';
import { registerModules } from './composition/register-modules';
import { registerSecurity } from './composition/register-security';
import { registerSignIn } from './composition/register-sign-in';
import { createSharedServices } from './composition/shared-services';
import { startBackups } from './composition/start-backups';

export type { AppDeps } from './composition/app-deps';

/**
 * The one composition root: every service, store and route is wired here and nowhere else, in
 * named steps (server/composition/) whose order matters: plugins before routes, the client last.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // First: a `local:` model whose runtime or file is missing stops start with one sentence (ConfigError).
  const localModelNotices = await prepareLocalModels(config);
  const app = await createServer(config, deps.logger);
  const objectStore = deps.objectStore ?? (await createObjectStore(config));
  const backups = startBackups(app, deps, objectStore);
  await registerSecurity(app, config, objectStore);

  // A stored upload nudges the indexer, which is built with the chat services below; no request is
  // served before buildApp returns, so no upload can come before it is set.
  let nudgeIndexer = () => {};
  const shared = createSharedServices(app, deps, objectStore, localModelNotices, () => nudgeIndexer());
  const accounts = createAccountServices(app, config, shared);
  const chat = await createChatServices(app, deps, shared);
  nudgeIndexer = () => chat.search.indexer.nudge();

  const healthChecks = await registerHealth(app, deps, shared, chat, backups);
  await registerSignIn(app, deps, shared, accounts.passwordResets);
  await registerModules(app, deps, shared, chat, accounts.teamsService, healthChecks);
  await registerClient(app, deps.clientDir);
  return app;
}
