import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolCallRefusals } from '@contract/mcp-tools';
import { closeLocalModels, localRuntimeFor } from '../../server/adapters/llm/local/local-models';
import type { LocalModelRuntime } from '../../server/adapters/llm/local/local-runtime';
import { loadConfig } from '../../server/config';
import { messages } from '../../server/db/schema/chat';
import { adminHeaders, createAdminTestApp } from '../support/admin-app';
import { filesystemMcpServer, waitForMcpServers } from '../support/mcp-filesystem';
import { streamChatEvents } from '../support/sse';
import { signUp, type TestApp } from '../support/test-app';

/**
 * MCP tools on a model inside Genie (issue 45): the tiny fixture model run by node-llama-cpp in
 * its own process, offered the reference filesystem MCP server's tools through node-llama-cpp's
 * function calling. The fixture model knows no function syntax, so the runtime is told to start
 * every reply offered tools inside a call (forceToolCalls: node-llama-cpp's "initially engaged"
 * function calling); the model itself writes the call, the name from those offered and the
 * parameters under the grammar of the tool's schema. The round after the results is not forced
 * and ends in text. Only one tool is left on for each test (the admin's switch), so which one it
 * calls is known, and the prompt (every offered tool is documented in it) fits the 2,048 tokens.
 */
const MODEL = 'tests/fixtures/genie-tiny.gguf';
const fs = filesystemMcpServer('fs');
const ENV = {
  GENIE_MODEL_DEFAULT: `local:${MODEL}`,
  GENIE_MODEL_TITLES: 'false',
  LOCAL_MODEL_THREADS: '1',
  LOCAL_MODEL_CONTEXT: '2048',
  LOCAL_MODEL_PARALLEL: '1',
  CHAT_RATE_LIMIT_PER_MINUTE: '1000',
  MCP_SERVERS: fs.setting,
  MCP_APPROVAL_TIMEOUT_SECONDS: '30',
};

type Generate = LocalModelRuntime['generate'];

describe('MCP tools on a local model', () => {
  let t: TestApp;
  let base: string;
  let admin: { authorization: string };
  let cookie: string;
  let runtime: LocalModelRuntime;
  /** What the server asked the runtime for, round by round (the process receives exactly this). */
  const asked: Parameters<Generate>[0][] = [];

  beforeAll(async () => {
    t = await createAdminTestApp({ env: ENV });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await adminHeaders(t.app);
    await waitForMcpServers(t.app, admin);
    cookie = (await signUp(t.app)).cookie;
    runtime = localRuntimeFor(loadConfig({ ...ENV }), MODEL);
    await runtime.forceToolCalls(true);
    const generate = runtime.generate.bind(runtime);
    vi.spyOn(runtime, 'generate').mockImplementation((options) => {
      asked.push(options);
      return generate(options);
    });
  }, 120_000);
  afterAll(async () => {
    await runtime?.forceToolCalls(false);
    await t?.close();
    await closeLocalModels();
    fs.remove();
  });
  beforeEach(() => {
    runtime.generations.length = 0;
    asked.length = 0;
  });

  /** Leaves only `name` of the server's tools on, for everyone. */
  async function offerOnly(name: string) {
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/mcp-servers', headers: admin });
    const tools = (listed.json().servers[0].tools as { name: string }[]).map((tool) => tool.name);
    expect(tools).toContain(name);
    for (const tool of tools) {
      const set = await t.app.inject({ method: 'PUT', url: `/api/admin/mcp-servers/fs/tools/${tool}`, headers: admin, payload: { enabled: tool === name } });
      expect(set.statusCode).toBe(200);
    }
  }

  /** Turns every tool of the server on. */
  async function offerAll() {
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/mcp-servers', headers: admin });
    const tools = (listed.json().servers[0].tools as { name: string }[]).map((tool) => tool.name);
    for (const tool of tools) expect((await t.app.inject({ method: 'PUT', url: `/api/admin/mcp-servers/fs/tools/${tool}`, headers: admin, payload: { enabled: true } })).statusCode).toBe(200);
    return tools;
  }

  const streamChat = (message: string, onApproval?: (event: Record<string, unknown>) => Promise<void>) => streamChatEvents(base, cookie, { message }, onApproval);

  /** The model's turn the runtime was given for the second round: the call and its result. */
  const secondRoundTurn = () => asked[1]!.history.at(-1);

  it('runs a read-only tool the model calls at once, and its result is in the model turn the next round continues', async () => {
    await offerOnly('list_allowed_directories');
    const result = `Allowed directories:\n${fs.dir}`;

    const events = await streamChat('Which folders can you read?');

    expect(events.some((e) => e.event === 'tool_approval')).toBe(false);
    // Round one: offered the one tool, the model called it with the empty object its schema allows.
    expect(Object.keys(asked[0]!.functions ?? {})).toEqual(['fs__list_allowed_directories']);
    const [first, second] = runtime.generations;
    expect(runtime.generations).toHaveLength(2);
    expect({ stopReason: first!.stopReason, toolCalls: first!.toolCalls, text: first!.text }).toEqual({
      stopReason: 'functionCalls',
      toolCalls: [{ name: 'fs__list_allowed_directories', arguments: '{}' }],
      text: '',
    });
    const toolCall = { id: 'call_0', server: 'fs', tool: 'list_allowed_directories', arguments: '{}', status: 'done', result };
    expect(events.filter((e) => e.event === 'tool_call').map((e) => e.data)).toEqual([toolCall]);
    // Round two: the same tools, and the model's own turn holding its call and the server's answer.
    expect(Object.keys(asked[1]!.functions ?? {})).toEqual(['fs__list_allowed_directories']);
    expect(asked[1]!.history.slice(0, -1)).toEqual(asked[0]!.history);
    expect(secondRoundTurn()).toEqual({ type: 'model', response: [{ type: 'functionCall', name: 'fs__list_allowed_directories', params: {}, result }] });
    // llama.cpp read it: the second prompt holds the first, the call and the result on top.
    expect(second!.promptTokens).toBeGreaterThan(first!.promptTokens + first!.completionTokens);
    expect(second!.toolCalls).toBeUndefined();
    expect(second!.stopReason).not.toBe('functionCalls');
    const done = events.find((e) => e.event === 'done')!.data;
    expect(done).toMatchObject({ content: second!.text, status: 'complete', toolCalls: [toolCall] });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, done.messageId as string));
    expect(row!.toolCalls).toEqual([toolCall]);
    expect({ tokensIn: row!.tokensIn, tokensOut: row!.tokensOut }).toEqual({
      tokensIn: first!.promptTokens + second!.promptTokens,
      tokensOut: first!.completionTokens + second!.completionTokens,
    });
  });

  it('asks before a tool that changes things, runs nothing when denied, and the model reads the refusal', async () => {
    await offerOnly('write_file');
    const approvals: Record<string, unknown>[] = [];

    const events = await streamChat('Write a note for me.', async (event) => {
      approvals.push(event);
      const denied = await t.app.inject({ method: 'POST', url: `/api/chat/tool-approvals/${event.id as string}`, headers: { cookie }, payload: { approve: false } });
      expect(denied.json()).toEqual({ id: event.id, approved: false });
    });

    const [first] = runtime.generations;
    const call = first!.toolCalls![0]!;
    expect(first!.stopReason).toBe('functionCalls');
    expect(first!.toolCalls).toEqual([{ name: 'fs__write_file', arguments: call.arguments }]);
    // The grammar of write_file's schema: both required properties, strings.
    const args = JSON.parse(call.arguments) as Record<string, unknown>;
    expect(Object.keys(args)).toEqual(['path', 'content']);
    expect([typeof args.path, typeof args.content]).toEqual(['string', 'string']);
    expect(approvals).toEqual([{ id: approvals[0]!.id, server: 'fs', tool: 'write_file', arguments: call.arguments, expiresInSeconds: 30 }]);
    expect(readdirSync(fs.dir)).toEqual([]);
    expect(existsSync(resolve(fs.dir, args.path as string))).toBe(false);
    const toolCall = { id: 'call_0', server: 'fs', tool: 'write_file', arguments: call.arguments, status: 'denied', result: toolCallRefusals.denied };
    expect(events.find((e) => e.event === 'done')!.data.toolCalls).toEqual([toolCall]);
    expect(secondRoundTurn()).toEqual({ type: 'model', response: [{ type: 'functionCall', name: 'fs__write_file', params: args, result: toolCallRefusals.denied }] });
    expect(runtime.generations).toHaveLength(2);
  });

  it('never runs a tool that needs approval for a JSON request', async () => {
    await offerOnly('write_file');

    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'Write a note for me.' } });

    expect(response.statusCode).toBe(200);
    const call = runtime.generations[0]!.toolCalls![0]!;
    expect(response.json().toolCalls).toEqual([{ id: 'call_0', server: 'fs', tool: 'write_file', arguments: call.arguments, status: 'denied', result: toolCallRefusals.needsApproval }]);
    expect(readdirSync(fs.dir)).toEqual([]);
    expect(secondRoundTurn()).toMatchObject({ response: [{ type: 'functionCall', name: 'fs__write_file', result: toolCallRefusals.needsApproval }] });
  });

  it("answers without tools when their descriptions would leave the reply too little of the model's context", async () => {
    // The server's 14 tools, documented, take about 2,350 of the fixture model's 2,048 tokens.
    const tools = await offerAll();

    const events = await streamChat('Which folders can you read?');

    // The server fits the tools into the window first (chat-reply.ts) and leaves them all out of this request.
    expect(Object.keys(asked[0]!.functions ?? {})).toHaveLength(0);
    expect(tools.length).toBe(14);
    expect(runtime.generations).toHaveLength(1);
    const [reply] = runtime.generations;
    expect(reply!.toolCalls).toBeUndefined();
    expect(reply!.stopReason).not.toBe('functionCalls');
    expect(reply!.promptTokens).toBeLessThan(2048 - 256);
    expect(events.filter((e) => e.event === 'tool_call' || e.event === 'tool_approval')).toEqual([]);
    expect(events.find((e) => e.event === 'done')!.data).toMatchObject({ content: reply!.text, status: 'complete' });
  });
});
