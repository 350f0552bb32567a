import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolCallRefusals } from '@contract/mcp-tools';
import { adminActions } from '../../db/schema/accounts';
import type { FakeModelServer, ReceivedRequest } from '../../../tests/fakes/fake-model-server';
import type { filesystemMcpServer } from '../../../tests/support/mcp-filesystem';
import { startMcpToolsApp } from '../../../tests/support/mcp-tools-app';
import { streamChatEvents } from '../../../tests/support/sse';
import { signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * MCP tools on the hosted providers Genie reads through the ai SDK (issue 40): OpenAI (gino),
 * Anthropic (gina) and xAI (g), each pointed at the fake model server, which makes the calls in
 * the provider's own wire format (OpenAI's streamed `tool_calls`; Anthropic's `tool_use` blocks
 * with `input_json_delta` pieces), against the real reference filesystem server over stdio.
 */
describe('MCP tools on the OpenAI, Anthropic and xAI personas', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let fs: ReturnType<typeof filesystemMcpServer>;
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>>;

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, fs, t, base, close } = await startMcpToolsApp((fakeUrl, mcpServers) => ({
      OPENAI_API_KEY: 'sk-test-openai',
      OPENAI_BASE_URL: fakeUrl,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: fakeUrl,
      XAI_API_KEY: 'xai-test',
      XAI_BASE_URL: fakeUrl,
      GENIE_MODEL_TITLES: 'false',
      MCP_SERVERS: mcpServers,
      MCP_APPROVAL_TIMEOUT_SECONDS: '4',
    })));
    owner = await signUp(t.app);
  }, 60_000);
  afterAll(() => close?.());
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  /** A streamed chat with a persona, read to its end; `onApproval` answers each tool_approval event. */
  const streamChat = (character: string, message: string, onApproval?: (event: Record<string, unknown>) => Promise<void>) =>
    streamChatEvents(base, owner.cookie, { message, character }, onApproval);

  const decide = (id: string, approve: boolean) =>
    t.app.inject({ method: 'POST', url: `/api/chat/tool-approvals/${id}`, headers: { cookie: owner.cookie }, payload: { approve } });

  /** What each provider was offered, by name, read from its own request body. */
  const offeredNames = (request: ReceivedRequest | undefined) =>
    ((request?.body?.tools ?? []) as { name?: string; function?: { name: string } }[]).map((tool) => tool.function?.name ?? tool.name);

  /** The read tool's JSON Schema as OpenAI's (and xAI's) function tools carry it; undefined for another tool. */
  const openaiSchemaOf = (tool: Record<string, unknown>) => {
    const fn = tool.function as { name: string; parameters: unknown };
    return tool.type === 'function' && fn.name === 'fs__read_text_file' ? fn.parameters : undefined;
  };

  const providers = [
    {
      persona: 'gino',
      path: '/v1/chat/completions',
      callId: 'call_fake_0',
      /** The read tool's schema as the provider's request offers it, and the call and its result as the second request carries them. */
      schemaOf: openaiSchemaOf,
      round: (path: string, result: string) => [
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_fake_0', type: 'function', function: { name: 'fs__read_text_file', arguments: JSON.stringify({ path }) } }] },
        { role: 'tool', tool_call_id: 'call_fake_0', content: result },
      ],
    },
    {
      persona: 'gina',
      path: '/v1/messages',
      callId: 'toolu_fake_0',
      schemaOf: (tool: Record<string, unknown>) => (tool.name === 'fs__read_text_file' ? tool.input_schema : undefined),
      round: (path: string, result: string) => [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_fake_0', name: 'fs__read_text_file', input: { path } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_fake_0', content: result }] },
      ],
    },
    {
      persona: 'g',
      path: '/v1/chat/completions',
      callId: 'call_fake_0',
      // xAI streams each call whole in one chunk (its SDK reads no pieces).
      whole: true,
      schemaOf: openaiSchemaOf,
      // xAI's adapter writes an assistant turn with no text as "" where OpenAI's writes null.
      round: (path: string, result: string) => [
        { role: 'assistant', content: '', tool_calls: [{ id: 'call_fake_0', type: 'function', function: { name: 'fs__read_text_file', arguments: JSON.stringify({ path }) } }] },
        { role: 'tool', tool_call_id: 'call_fake_0', content: result },
      ],
    },
  ];

  it.each(providers)(
    'persona $persona ($path): a read-only tool runs at once and the model answers from its result; stored and audit-logged',
    async ({ persona, path: providerPath, callId, schemaOf, round, ...rest }) => {
      const path = join(fs.dir, `notes-${persona}.txt`);
      writeFileSync(path, `The secret word for ${persona} is zephyr.`);
      fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__read_text_file', arguments: { path } }], whole: 'whole' in rest });

      const events = await streamChat(persona, 'What is the secret word?');

      expect(fake.requests.map((r) => r.path)).toEqual([providerPath, providerPath]);
      expect(offeredNames(fake.requests[0])).toContain('fs__read_text_file');
      expect(offeredNames(fake.requests[0])).toContain('fs__write_file');
      // The MCP server's own input schema, as the provider's tool definition carries it.
      const schema = (fake.requests[0]!.body!.tools as Record<string, unknown>[]).map(schemaOf).find(Boolean) as { properties: object; required: string[] };
      expect(Object.keys(schema.properties)).toContain('path');
      expect(schema.required).toEqual(['path']);
      expect(events.some((e) => e.event === 'tool_approval')).toBe(false);
      const result = `The secret word for ${persona} is zephyr.`;
      const toolCall = { id: callId, server: 'fs', tool: 'read_text_file', arguments: JSON.stringify({ path }), status: 'done', result };
      expect(events.find((e) => e.event === 'tool_call')?.data).toEqual(toolCall);
      const done = events.find((e) => e.event === 'done')!.data;
      expect(done.content).toBe(`Fake reply from tool: ${result}`);
      expect(done.toolCalls).toEqual([toolCall]);
      // The second request carried the call and its result, in the provider's own format.
      expect((fake.requests[1]!.body!.messages as unknown[]).slice(-2)).toEqual(round(path, result));

      const stored = await t.app.inject({ method: 'GET', url: `/api/conversations/${done.conversationId as string}`, headers: { cookie: owner.cookie } });
      expect((stored.json().messages as { role: string; toolCalls?: unknown }[]).find((m) => m.role === 'assistant')?.toolCalls).toEqual([toolCall]);
      const audit = await t.database.db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.action, 'mcp_tool_call'), eq(adminActions.targetUserId, owner.user.id)));
      expect(audit.map((row) => row.details).filter((d) => (d as { conversationId: string }).conversationId === done.conversationId)).toEqual([
        { conversationId: done.conversationId, server: 'fs', tool: 'read_text_file', status: 'done', arguments: JSON.stringify({ path }) },
      ]);
    },
  );

  it.each(providers.slice(0, 2))('persona $persona: a tool that changes things asks first, and a denied call writes nothing', async ({ persona, callId }) => {
    const path = join(fs.dir, `denied-${persona}.txt`);
    const args = JSON.stringify({ path, content: 'should not exist' });
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__write_file', arguments: { path, content: 'should not exist' } }] });

    const events = await streamChat(persona, 'Write a file', async (event) => {
      expect(existsSync(path)).toBe(false);
      expect((await decide(event.id as string, false)).json()).toEqual({ id: event.id, approved: false });
    });

    const approval = events.find((e) => e.event === 'tool_approval')!.data;
    expect(approval).toEqual({ id: approval.id, server: 'fs', tool: 'write_file', arguments: args, expiresInSeconds: 4 });
    expect(existsSync(path)).toBe(false);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(done.toolCalls).toEqual([{ id: callId, server: 'fs', tool: 'write_file', arguments: args, status: 'denied', result: toolCallRefusals.denied }]);
    expect(done.content).toBe(`Fake reply from tool: ${toolCallRefusals.denied}`);
  });

  it.each(providers.slice(0, 2))('persona $persona: an allowed call writes, and text the model wrote before its call is kept', async ({ persona, path: providerPath }) => {
    const path = join(fs.dir, `allowed-${persona}.txt`);
    fake.queueBehaviours({ kind: 'tool_calls', reply: 'I will write it.', calls: [{ name: 'fs__write_file', arguments: { path, content: `written for ${persona}` } }] });

    const events = await streamChat(persona, 'Write a file', async (event) => {
      expect((await decide(event.id as string, true)).json()).toEqual({ id: event.id, approved: true });
    });

    expect(readFileSync(path, 'utf8')).toBe(`written for ${persona}`);
    const done = events.find((e) => e.event === 'done')!.data;
    expect((done.toolCalls as { status: string }[]).map((c) => c.status)).toEqual(['done']);
    // Each round's text is emitted as it streams, with nothing between (as on the chat-completions path).
    expect(done.content).toBe(`I will write it.Fake reply from tool: Successfully wrote to ${path}`);
    // The text went back with the call, in the provider's own format.
    const assistant = (fake.requests[1]!.body!.messages as { role: string; content: unknown }[]).at(-2)!;
    expect(providerPath === '/v1/messages' ? (assistant.content as { type: string; text?: string }[])[0] : assistant.content).toEqual(
      providerPath === '/v1/messages' ? { type: 'text', text: 'I will write it.' } : 'I will write it.',
    );
  });

  it.each(providers.slice(0, 2))('persona $persona: a JSON request never runs a tool that needs approval', async ({ persona }) => {
    const path = join(fs.dir, `json-${persona}.txt`);
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__write_file', arguments: { path, content: 'json' } }] });

    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: owner.cookie }, payload: { message: 'Write a file', character: persona } });

    expect(response.statusCode).toBe(200);
    expect(response.json().toolCalls).toMatchObject([{ tool: 'write_file', status: 'denied', result: toolCallRefusals.needsApproval }]);
    expect(response.json().content).toBe(`Fake reply from tool: ${toolCallRefusals.needsApproval}`);
    expect(existsSync(path)).toBe(false);
  });
});
