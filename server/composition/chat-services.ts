import type { FastifyInstance } from 'fastify';
import { createExtractionPool } from '../adapters/extraction/create-extraction-pool';
import { createChatService } from '../modules/chat/chat.service';
import { createConversationsService } from '../modules/conversations/conversations.service';
import { createMcpToolsService } from '../modules/mcp-tools/mcp-tools.service';
import { createProjectsService } from '../modules/projects/projects.service';
import { createSearchModule } from '../modules/search/search.module';
import { createTeamControlsService } from '../modules/team-controls/team-controls.service';
import type { AppDeps } from './app-deps';
import type { SharedServices } from './shared-services';

/** Chat and what it draws on: reading files, the search index, team controls, projects and MCP tools. */
export async function createChatServices(app: FastifyInstance, deps: AppDeps, shared: SharedServices) {
  const { config } = deps;
  const { db, clock, files, mailer, userDataChanges } = shared;
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
  return { search, teamControls, projects, conversations, mcpTools, chatService };
}

export type ChatServices = Awaited<ReturnType<typeof createChatServices>>;
