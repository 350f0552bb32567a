import type { ModelCatalogue } from '../../adapters/llm/catalogue';
import type { ReportedContextSizes } from '../../adapters/llm/context-budget';
import type { AttachmentReader } from '../../adapters/llm/attachment-text';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { FilesForChat } from '../files/file-records.service';
import type { ProjectContext } from '../projects/projects.service';
import type { PolicyAsk } from '../team-controls/team-policy-rules';
import type { UsageRecord } from '../team-controls/team-controls.service';
import type { ToolsForChat } from '../mcp-tools/mcp-tools.service';
import type { AllowanceMemo } from './allowance-memo';
import type { AttachmentPassageReader, KnowledgeSource } from './chat-knowledge';
import type { UsageInsert } from './chat-exchange.repository';

export interface ChatServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** The user's files: attachments are read and generated images kept through the files module. */
  files: FilesForChat;
  /** Reads attached files' text (the extraction pool). */
  extraction: AttachmentReader;
  /** Passages of the user's files, for "Search my files" and long attachments (the search module). */
  knowledge?: KnowledgeSource;
  /** The team's policy and budgets (issue 43), checked where each exchange starts; usage is recorded through it. */
  teamControls?: TeamControlsForChat;
  /** Projects (issue 42): a chat inside one gets its instructions and searches its pinned files. */
  projects?: ProjectsForChat;
  /** MCP tools (issue 40): offered to models that can call tools, when the team's policy allows. */
  tools?: ToolsForChat;
}

/** What the chat needs of the team-controls module. */
export interface TeamControlsForChat {
  checkChat(userId: string, ask: PolicyAsk): Promise<void>;
  /**
   * The usage row's insert, which the exchange's finish statement embeds (one statement, no write
   * after the reply); null: calls are not counted (only issue 43's bench's baseline).
   */
  readonly usageInsert: UsageInsert | null;
  /** Told of each call counted, once stored: the owner's budget mails, in the background. */
  usageRecorded(record: UsageRecord, at: Date): void;
  /** The team's policy allows MCP tools (issue 40). */
  toolsAllowed(userId: string): Promise<boolean>;
}

/** What a chat asks of the projects and conversations modules (wired in app.ts). */
export interface ProjectsForChat {
  /** The project, when the user can see it; null otherwise. */
  forChat(userId: string, projectId: string): Promise<ProjectContext | null>;
  /** The project an existing conversation of the user's is in (null: none; undefined: not theirs). */
  projectIdOf(userId: string, conversationId: string): Promise<string | null | undefined>;
  /** Puts a conversation just created into its project. */
  place(userId: string, conversationId: string, projectId: string): Promise<void>;
}

/** What the chat service builds once and each exchange's steps share. */
export interface ChatContext {
  deps: ChatServiceDeps;
  catalogue: ModelCatalogue;
  reportedContext: ReportedContextSizes;
  allowances: AllowanceMemo;
  passagesOf: AttachmentPassageReader;
}
