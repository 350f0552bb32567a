import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateTokens, turnTokens } from '../../adapters/llm/context-budget';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import type { FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { startMcpToolsApp } from '../../../tests/support/mcp-tools-app';
import { signUp, type TestApp } from '../../../tests/support/test-app';

/** The model's window in this file: small enough that the filesystem server's 14 tools take half of it. */
const CONTEXT_TOKENS = 6_000;

/**
 * MCP tools take room in every request (issue 40, with issue 39's "fit to the model's window,
 * always"): their definitions are fitted with the message and its history, and tools that would
 * leave the message no room are left out of that request instead of overflowing the window.
 */
describe('MCP tools within the model’s window', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, t, close } = await startMcpToolsApp((fakeUrl, mcpServers) => fakeProviderEnv(fakeUrl, { MCP_SERVERS: mcpServers, GENIE_MODEL_CONTEXT_DEFAULT: String(CONTEXT_TOKENS) })));
    owner = await signUp(t.app);
  }, 60_000);
  afterAll(() => close?.());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  /** What the model was sent, in the window's terms as Genie estimates them (context-budget.ts): its turns and tools, plus the reply it may write. */
  function sent() {
    const body = fake.requests[0]!.body!;
    const tools = (body.tools ?? []) as { function: { name: string; description?: string; parameters: unknown } }[];
    // The definitions as Genie counts them (name, description, parameters), without the wire's wrapping.
    const definitions = tools.map(({ function: { name, description, parameters } }) => ({ name, description, parameters }));
    const maxTokens = Number(body.max_tokens ?? body.max_completion_tokens);
    const turns = (body.messages as { content: string }[]).reduce((sum, turn) => sum + turnTokens(turn.content), 0);
    return { toolNames: definitions.map((tool) => tool.name), total: turns + (tools.length > 0 ? estimateTokens(JSON.stringify(definitions)) : 0) + maxTokens };
  }

  it('offers the tools with a short message, and the request fits the window', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: owner.cookie }, payload: { message: 'hello' } });
    expect(reply.statusCode).toBe(200);
    const { toolNames, total } = sent();
    expect(toolNames).toContain('fs__read_text_file');
    expect(total).toBeLessThanOrEqual(CONTEXT_TOKENS);
  });

  it('leaves the tools out when they and the message would not fit together, and answers the message', async () => {
    // About 3,000 tokens: it fits the window alone, not beside the tools' ~3,000.
    const message = 'Please read this note carefully. '.repeat(280).trim();
    const reply = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: owner.cookie }, payload: { message } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().content).toBe(`Fake reply to: ${message}`);
    const { toolNames, total } = sent();
    expect(toolNames).toEqual([]);
    expect(total).toBeLessThanOrEqual(CONTEXT_TOKENS);
  });
});
