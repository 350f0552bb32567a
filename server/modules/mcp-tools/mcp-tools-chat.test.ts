import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TEAM_POLICY } from '@contract/team-controls';
import { toolCallRefusals } from '@contract/mcp-tools';
import { adminActions } from '../../db/schema/accounts';
import { messages } from '../../db/schema/chat';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import type { FakeModelServer } from '../../../tests/fakes/fake-model-server';
import type { filesystemMcpServer } from '../../../tests/support/mcp-filesystem';
import { startMcpToolsApp } from '../../../tests/support/mcp-tools-app';
import { streamChatEvents } from '../../../tests/support/sse';
import { signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * MCP tools in chat (issue 40), against the real reference filesystem server over stdio on a
 * temporary folder, and the fake model server making the tool calls a model would.
 */
describe('MCP tools in chat', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let fs: ReturnType<typeof filesystemMcpServer>;
  let admin: { authorization: string };
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, fs, t, base, admin, close } = await startMcpToolsApp((fakeUrl, mcpServers) => fakeProviderEnv(fakeUrl, { MCP_SERVERS: mcpServers, MCP_APPROVAL_TIMEOUT_SECONDS: '4' })));
    owner = await signUp(t.app);
    other = await signUp(t.app);
  }, 60_000);
  afterAll(() => close?.());
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  const offeredNames = (index: number) => ((fake.requests[index]?.body?.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);

  /** A streamed chat read to its end; `onApproval` answers each tool_approval event as it comes. */
  const streamChat = (cookie: string, message: string, onApproval?: (event: Record<string, unknown>) => Promise<void>) => streamChatEvents(base, cookie, { message }, onApproval);

  const decide = (cookie: string, id: string, approve: boolean) =>
    t.app.inject({ method: 'POST', url: `/api/chat/tool-approvals/${id}`, headers: { cookie }, payload: { approve } });

  it('lists the server, its state and its tools for the admin, each marked read-only or not; not without the admin token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/mcp-servers', headers: admin });
    const [server] = response.json().servers as { name: string; transport: string; state: string; message: string | null; tools: { name: string; readOnly: boolean; enabled: boolean }[] }[];
    expect(server).toMatchObject({ name: 'fs', transport: 'stdio', state: 'ready', message: null });
    expect(server!.tools.find((tool) => tool.name === 'read_text_file')).toMatchObject({ readOnly: true, enabled: true });
    expect(server!.tools.find((tool) => tool.name === 'write_file')).toMatchObject({ readOnly: false, enabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mcp-servers', headers: { cookie: owner.cookie } })).statusCode).toBe(401);
  });

  it('runs a read-only tool at once and the model answers from its result; the call is stored with the reply and audit-logged', async () => {
    const path = join(fs.dir, 'notes.txt');
    writeFileSync(path, 'The secret word is zephyr.');
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__read_text_file', arguments: { path } }] });

    const events = await streamChat(owner.cookie, 'What is the secret word?');

    expect(offeredNames(0)).toContain('fs__read_text_file');
    expect(offeredNames(0)).toContain('fs__write_file');
    expect(events.some((e) => e.event === 'tool_approval')).toBe(false);
    const toolCall = { id: 'call_fake_0', server: 'fs', tool: 'read_text_file', arguments: JSON.stringify({ path }), status: 'done', result: 'The secret word is zephyr.' };
    expect(events.find((e) => e.event === 'tool_call')?.data).toEqual(toolCall);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(done.content).toBe('Fake reply from tool: The secret word is zephyr.');
    expect(done.toolCalls).toEqual([toolCall]);
    // The model's second request carried its call and the tool's result.
    expect(fake.requests[1]!.body!.messages!.slice(-2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_fake_0', type: 'function', function: { name: 'fs__read_text_file', arguments: JSON.stringify({ path }) } }] },
      { role: 'tool', tool_call_id: 'call_fake_0', content: 'The secret word is zephyr.' },
    ]);

    const stored = await t.app.inject({ method: 'GET', url: `/api/conversations/${done.conversationId as string}`, headers: { cookie: owner.cookie } });
    const reply = (stored.json().messages as { role: string; toolCalls?: unknown }[]).find((m) => m.role === 'assistant');
    expect(reply?.toolCalls).toEqual([toolCall]);
    const audit = await t.database.db.select().from(adminActions).where(and(eq(adminActions.action, 'mcp_tool_call'), eq(adminActions.targetUserId, owner.user.id)));
    expect(audit.map((row) => row.details)).toEqual([
      { conversationId: done.conversationId, server: 'fs', tool: 'read_text_file', status: 'done', arguments: JSON.stringify({ path }) },
    ]);
  });

  it('asks before a tool that changes things: denied, nothing is written and another user cannot decide it (404)', async () => {
    const path = join(fs.dir, 'denied.txt');
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__write_file', arguments: { path, content: 'should not exist' } }] });
    const answers: number[] = [];

    const events = await streamChat(owner.cookie, 'Write a file', async (event) => {
      expect(existsSync(path)).toBe(false);
      answers.push((await decide(other.cookie, event.id as string, true)).statusCode);
      const denied = await decide(owner.cookie, event.id as string, false);
      answers.push(denied.statusCode);
      expect(denied.json()).toEqual({ id: event.id, approved: false });
    });

    expect(answers).toEqual([404, 200]);
    const approval = events.find((e) => e.event === 'tool_approval')!.data;
    expect(approval).toEqual({ id: approval.id, server: 'fs', tool: 'write_file', arguments: JSON.stringify({ path, content: 'should not exist' }), expiresInSeconds: 4 });
    expect(existsSync(path)).toBe(false);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(done.toolCalls).toEqual([{ id: 'call_fake_0', server: 'fs', tool: 'write_file', arguments: JSON.stringify({ path, content: 'should not exist' }), status: 'denied', result: toolCallRefusals.denied }]);
    expect(done.content).toBe(`Fake reply from tool: ${toolCallRefusals.denied}`);
    // Decided once: a second answer finds nothing waiting.
    expect((await decide(owner.cookie, approval.id as string, true)).statusCode).toBe(404);
  });

  it('writes when the user allows it', async () => {
    const path = join(fs.dir, 'allowed.txt');
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__write_file', arguments: { path, content: 'written by Genie' } }] });

    const events = await streamChat(owner.cookie, 'Write a file', async (event) => {
      expect((await decide(owner.cookie, event.id as string, true)).json()).toEqual({ id: event.id, approved: true });
    });

    expect(readFileSync(path, 'utf8')).toBe('written by Genie');
    const done = events.find((e) => e.event === 'done')!.data;
    expect((done.toolCalls as { status: string }[]).map((c) => c.status)).toEqual(['done']);
  });

  it('counts a call nobody decides in time as denied', async () => {
    const path = join(fs.dir, 'expired.txt');
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__write_file', arguments: { path, content: 'too late' } }] });

    const events = await streamChat(owner.cookie, 'Write a file');

    expect(existsSync(path)).toBe(false);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(done.toolCalls).toMatchObject([{ status: 'denied', result: toolCallRefusals.expired }]);
  }, 20_000);

  it('never runs a tool that needs approval for a JSON request', async () => {
    const path = join(fs.dir, 'json.txt');
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__write_file', arguments: { path, content: 'json' } }] });

    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: owner.cookie }, payload: { message: 'Write a file' } });

    expect(response.statusCode).toBe(200);
    expect(response.json().toolCalls).toMatchObject([{ tool: 'write_file', status: 'denied', result: toolCallRefusals.needsApproval }]);
    expect(existsSync(path)).toBe(false);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, response.json().messageId as string));
    expect(row!.toolCalls).toMatchObject([{ tool: 'write_file', status: 'denied' }]);
  });

  it('offers no tool the admin turned off, and offers it again once turned back on', async () => {
    const off = await t.app.inject({ method: 'PUT', url: '/api/admin/mcp-servers/fs/tools/write_file', headers: admin, payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    expect((off.json().servers[0].tools as { name: string; enabled: boolean }[]).find((tool) => tool.name === 'write_file')?.enabled).toBe(false);

    await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: owner.cookie }, payload: { message: 'hello' } });
    expect(offeredNames(0)).not.toContain('fs__write_file');
    expect(offeredNames(0)).toContain('fs__read_text_file');

    // A call to it anyway (a model that remembers it) does not run.
    const path = join(fs.dir, 'off.txt');
    fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__write_file', arguments: { path, content: 'off' } }] });
    const refused = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: owner.cookie }, payload: { message: 'Write a file' } });
    expect(refused.json().toolCalls).toMatchObject([{ status: 'failed', result: toolCallRefusals.unavailable }]);
    expect(existsSync(path)).toBe(false);

    const on = await t.app.inject({ method: 'PUT', url: '/api/admin/mcp-servers/fs/tools/write_file', headers: admin, payload: { enabled: true } });
    expect(on.statusCode).toBe(200);
    fake.requests.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: owner.cookie }, payload: { message: 'hello again' } });
    expect(offeredNames(0)).toContain('fs__write_file');

    const audit = await t.database.db.select({ action: adminActions.action, label: adminActions.targetLabel, by: adminActions.adminUsername }).from(adminActions).where(eq(adminActions.targetLabel, 'fs__write_file'));
    expect(audit.filter((row) => row.action !== 'mcp_tool_call')).toEqual([
      { action: 'mcp_tool_disabled', label: 'fs__write_file', by: 'root' },
      { action: 'mcp_tool_enabled', label: 'fs__write_file', by: 'root' },
    ]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/mcp-servers/fs/tools/no_such_tool', headers: admin, payload: { enabled: false } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/mcp-servers/fs/tools/write_file', headers: { cookie: owner.cookie }, payload: { enabled: false } })).statusCode).toBe(401);
  });

  it("offers no tools when the team's policy turns tools off", async () => {
    const person = await signUp(t.app);
    const policy = await t.app.inject({ method: 'PUT', url: '/api/team/policy', headers: { cookie: person.cookie }, payload: { ...DEFAULT_TEAM_POLICY, tools: false } });
    expect(policy.statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: person.cookie }, payload: { message: 'hello' } });

    expect(fake.requests[0]!.body!.tools).toBeUndefined();
  });
});
