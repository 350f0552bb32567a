import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactions } from '../../db/schema/chat';
import { pdfOfPages } from '../../../tests/fakes/documents';
import { uploadThroughApi } from '../../../tests/support/files';
import { waitForIndexing } from '../../../tests/support/search';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

const PAGES = [
  'Master services agreement between Acme Corporation and Genie Limited. Effective from 1 March 2024.',
  'Fees. The customer pays the fees in the order form within thirty days of each invoice.',
  'Term and termination. Either party may end this agreement by giving ninety days written notice to the other party.',
];

/**
 * Issue 40: Genie as an MCP server, driven by the SDK's own client over streamable HTTP, and the
 * `knowledge` field of /v1 with its citations. No model is configured: the offline engine answers
 * from the passages, which is enough to see what is cited and to whom.
 */
describe('Genie as an MCP server, and /v1 answers from the library', () => {
  let t: TestApp;
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>> & { key: string };
  let stranger: Awaited<ReturnType<typeof signUp>> & { key: string };
  let fileId: string;

  async function withKey() {
    const person = await signUp(t.app);
    const made = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: person.cookie }, payload: { name: 'editor' } });
    return { ...person, key: made.json().key as string };
  }

  async function connect(key: string) {
    const client = new Client({ name: 'genie-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { EXTRACTION_TIMEOUT_SECONDS: '300' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await withKey();
    stranger = await withKey();
    fileId = (await uploadThroughApi(t.app, owner.cookie, { name: 'acme-msa.pdf', bytes: pdfOfPages(PAGES), type: 'application/pdf' })).id;
    await waitForIndexing(t.app, owner.cookie);
  }, 300_000);
  afterAll(() => t.close());

  it('lists its two tools', async () => {
    const client = await connect(owner.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'search_documents']);
    expect(Object.keys(tools.find((tool) => tool.name === 'search_documents')!.inputSchema.properties ?? {})).toEqual(['query', 'scope', 'limit']);
    await client.close();
  });

  it("finds the user's passage with its file and page, and none of it with another user's key", async () => {
    const client = await connect(owner.key);
    const found = await client.callTool({ name: 'search_documents', arguments: { query: 'notice period termination' } });
    const results = (found.structuredContent as { results: { fileId: string; fileName: string; page: number | null; snippet: string }[] }).results;
    expect(results[0]).toMatchObject({ fileId, fileName: 'acme-msa.pdf', page: 3 });
    expect(results[0]!.snippet).toContain('ninety days written notice');
    expect((found.content as { type: string; text: string }[])[0]!.text).toContain('1. acme-msa.pdf, p. 3');
    await client.close();

    const theirs = await connect(stranger.key);
    const none = await theirs.callTool({ name: 'search_documents', arguments: { query: 'notice period termination' } });
    expect(none.structuredContent).toEqual({ results: [] });
    expect((none.content as { text: string }[])[0]!.text).toBe('No passage of your documents matches this search.');
    await theirs.close();
  });

  it('asks a persona, answering from the library with citations, counted as a chat', async () => {
    const client = await connect(owner.key);
    const asked = await client.callTool({ name: 'ask', arguments: { persona: 'gina', question: 'What notice is needed to end the Acme agreement?', knowledge: { scope: 'all' } } });
    expect(asked.isError).toBeFalsy();
    const answer = asked.structuredContent as { answer: string; conversationId: string; citations: { n: number; fileId: string; page: number | null }[] };
    expect(answer.citations[0]).toMatchObject({ n: 1, fileId, page: 3 });
    expect(answer.answer).toContain('ninety days written notice');
    expect((asked.content as { text: string }[])[0]!.text).toContain('Sources:\n[1] acme-msa.pdf, p. 3: ');
    const counted = await t.database.db.select().from(interactions).where(eq(interactions.userId, owner.user.id));
    expect(counted.map((i) => i.persona)).toContain('gina');
    await client.close();
  });

  it('refuses a request without a key, or with a bad one, with 401', async () => {
    const bare = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer realm="genie"');
    expect((await bare.json()).code).toBe('invalid_token');
    const client = new Client({ name: 'genie-test', version: '1.0.0' });
    // The SDK's StreamableHTTPError carries the HTTP status as `code`.
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)))).rejects.toMatchObject({ code: 401 });
    await expect(connect('gk_' + 'x'.repeat(43))).rejects.toMatchObject({ code: 401, message: expect.stringContaining('That API key is not valid') });
  });

  it('/v1 with `knowledge` carries the citations in the JSON and in the last stream chunk', async () => {
    const client = new OpenAI({ apiKey: owner.key, baseURL: `${base}/v1`, maxRetries: 0 });
    const body = { model: 'default', messages: [{ role: 'user' as const, content: 'When are invoices paid?' }], knowledge: { scope: 'private', fileIds: [fileId] } };
    const completion = (await client.chat.completions.create(body as OpenAI.ChatCompletionCreateParamsNonStreaming)) as OpenAI.ChatCompletion & { citations: { n: number; fileId: string; fileName: string; page: number | null; snippet: string }[] };
    expect(completion.citations[0]).toMatchObject({ n: 1, fileId, fileName: 'acme-msa.pdf', page: 2 });
    expect(completion.citations[0]!.snippet).toContain('thirty days');

    const stream = await client.chat.completions.create({ ...body, stream: true } as OpenAI.ChatCompletionCreateParamsStreaming);
    const chunks: (OpenAI.ChatCompletionChunk & { citations?: unknown })[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.at(-1)!.citations).toEqual(completion.citations);
    expect(chunks.slice(0, -1).every((c) => c.citations === undefined)).toBe(true);
  });
});
