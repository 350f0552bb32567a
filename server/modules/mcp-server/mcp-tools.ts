import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { chatRequestSchema, CHAT_MESSAGE_MAX_CHARS } from '@contract/chat';
import { personaIdSchema } from '@contract/personas';
import { knowledgeOptionSchema, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS, searchScopeSchema, type Citation } from '@contract/search';
import { AppError } from '../../lib/app-error';
import type { ApiKeyUser } from '../api-keys/api-keys.service';
import { KeptExchangeError, MidStreamError, type ChatService } from '../chat/chat.service';
import { sourceLabel } from '../chat/chat-knowledge';
import type { SearchService } from '../search/search.service';

export interface McpToolDeps {
  chatService: ChatService;
  search: SearchService;
}

const SEARCH_RESULTS_DEFAULT = 8;

/** A tool's failure as MCP reports it to the model: a result marked isError, with the sentence. */
const failure = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

const citationLines = (citations: Citation[]) => citations.map((c) => `[${c.n}] ${sourceLabel(c)}: ${c.snippet}`).join('\n');

/**
 * Genie as an MCP server (issue 40): one McpServer per request (stateless), whose tools act as the
 * API key's user. search_documents reads only the files that user may read (their own and their
 * team's, the search service's rule); ask goes through the chat service, so it is counted,
 * limited and stored exactly like a message in the browser.
 */
export function mcpServerFor(user: ApiKeyUser, deps: McpToolDeps, clientGone: AbortSignal): McpServer {
  const server = new McpServer({ name: 'genie', version: '1.0.0' });

  server.registerTool(
    'search_documents',
    {
      title: 'Search my documents',
      description:
        "Searches the user's Genie library (their own files and their team's) and returns the best-matching passages, each with its file, page and a snippet.",
      inputSchema: {
        query: z.string().trim().min(1, 'Type something to search for').max(SEARCH_QUERY_MAX_CHARS),
        scope: searchScopeSchema.optional().describe('all (default), private (only my files) or team (only the team library)'),
        limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).optional(),
      },
      outputSchema: {
        results: z.array(z.object({ fileId: z.string(), fileName: z.string(), folderPath: z.string(), page: z.number().int().nullable(), snippet: z.string() })),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ query, scope, limit }) => {
      const found = await deps.search.search(user.id, { q: query, scope: scope ?? 'all', limit: limit ?? SEARCH_RESULTS_DEFAULT });
      const results = found.results.map(({ fileId, fileName, folderPath, page, snippet }) => ({ fileId, fileName, folderPath, page, snippet }));
      const text =
        results.length === 0
          ? 'No passage of your documents matches this search.'
          : results.map((r, i) => `${i + 1}. ${sourceLabel(r)}${r.folderPath ? ` (in ${r.folderPath})` : ''}\n${r.snippet}`).join('\n\n');
      return { content: [{ type: 'text', text }], structuredContent: { results } };
    },
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask Genie',
      description:
        "Asks one of Genie's personas a question and returns its answer. With `knowledge`, the answer comes from the user's documents and cites them as [n] (file, page, snippet). Counts as a chat message against the user's daily allowance.",
      inputSchema: {
        persona: personaIdSchema.default('default').describe('default, gino, gina or g'),
        question: z.string().trim().min(1, 'Ask a question').max(CHAT_MESSAGE_MAX_CHARS),
        knowledge: knowledgeOptionSchema.optional().describe('Answer from the user\'s documents: {scope: "all" | "private" | "team", fileIds?, folderIds?}'),
      },
      outputSchema: {
        answer: z.string(),
        conversationId: z.string(),
        citations: z.array(z.object({ n: z.number().int(), fileId: z.string(), fileName: z.string(), page: z.number().int().nullable(), snippet: z.string() })),
      },
    },
    async ({ persona, question, knowledge }) => {
      const body = chatRequestSchema.parse({ message: question, character: persona, knowledge });
      try {
        const reply = await deps.chatService.chat(user, body, { delta: () => {} }, clientGone);
        const citations = reply.citations ?? [];
        const text = citations.length > 0 ? `${reply.content}\n\nSources:\n${citationLines(citations)}` : reply.content;
        return { content: [{ type: 'text', text }], structuredContent: { answer: reply.content, conversationId: reply.conversationId, citations } };
      } catch (error) {
        const cause = error instanceof MidStreamError || error instanceof KeptExchangeError ? error.appError : error;
        // Limits, the legal-mode rule and provider failures are the model's to read, not a protocol error.
        if (cause instanceof AppError) return failure(cause.message);
        throw cause;
      }
    },
  );

  return server;
}
