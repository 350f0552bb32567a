import type { ChatMode } from '@contract/chat';
import type { Persona } from '@contract/personas';
import type { ModelChoice } from '../../adapters/llm/catalogue';
import type { ReportedContextSizes } from '../../adapters/llm/context-budget';
import type { ChatTurn } from '../../adapters/llm/model-call';
import { systemPrompt } from '../../adapters/llm/prompts';
import type { Config } from '../../config';
import type { ResolvedAttachment } from './chat-attachments';
import type { GatheredKnowledge } from './chat-knowledge';
import type { ToolUse } from './chat-tools';

/** What the reply is for: the start step's result. */
export interface ReplyRequest {
  /** Who the reply is for: a local model shares its queue between accounts by it. */
  userId: string;
  persona: Persona;
  mode: ChatMode;
  /** The user's message as typed (the offline engine and WordNet read it). */
  message: string;
  /** The message as stored: the typed text, or the attachments-only sentence. */
  text: string;
  attachments: ResolvedAttachment[];
  choice: ModelChoice | null;
  history: ChatTurn[];
  /** Passages from the user's files to answer from and cite ("Search my files", long attachments); null when none apply. */
  knowledge?: GatheredKnowledge | null;
  /** The instructions of the project the chat is in (issue 42), added to the persona's system prompt. */
  instructions?: string;
  /** The MCP tools the model may call (issue 40); null or absent when none are offered. */
  toolUse?: ToolUse | null;
}

/** The persona's system prompt, and the project's instructions after it when there are any. */
export function systemFor(request: Pick<ReplyRequest, 'persona' | 'mode' | 'instructions'>, wordnet?: Parameters<typeof systemPrompt>[2]): string {
  const base = systemPrompt(request.persona, request.mode, wordnet);
  const instructions = request.instructions?.trim();
  return instructions ? `${base}\n\nInstructions for this project, from the user's team:\n${instructions}` : base;
}

export interface ReplyDeps {
  config: Config;
  reportedContext: ReportedContextSizes;
}
