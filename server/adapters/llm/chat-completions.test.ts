import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatCompletionsModel, streamChatCompletions } from './chat-completions';
import type { ModelCall } from './model-call';
import { ProviderError } from './provider-error';

/** A provider that answers each request with `answer`, keeping what it was sent. */
async function provider(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (piece: Buffer) => (body += piece.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(body) as Record<string, unknown> });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

const sse = (res: ServerResponse, events: unknown[], end = true) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events) res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
  if (end) res.end();
};
const delta = (content: unknown, finish: string | null = null) => ({ choices: [{ delta: { content }, finish_reason: finish }] });

const open: (Server | TcpServer)[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const call = (overrides: Partial<ModelCall> = {}): ModelCall => ({
  system: 'You are Genie.',
  history: [
    { role: 'user', content: 'Earlier question' },
    { role: 'assistant', content: 'Earlier answer' },
  ],
  user: [{ type: 'text', text: 'hello' }],
  signal: new AbortController().signal,
  onActivity: () => undefined,
  ...overrides,
});

async function read(model: ChatCompletionsModel, options?: Partial<ModelCall>) {
  const stream = streamChatCompletions(model, call(options));
  const deltas: string[] = [];
  for (let next = await stream.next(); ; next = await stream.next()) {
    if (next.done) return { deltas, end: next.value };
    deltas.push(next.value);
  }
}

async function failure(model: ChatCompletionsModel, options?: Partial<ModelCall>) {
  const deltas: string[] = [];
  try {
    for await (const text of streamChatCompletions(model, call(options))) deltas.push(text);
  } catch (error) {
    return { deltas, error };
  }
  throw new Error('the stream did not fail');
}

describe('a chat-completions server, read by Genie', () => {
  it('sends the body the SDK sent, with the key as a bearer token, and reads the deltas, usage and finish reason', async () => {
    const peer = await provider((_req, res) =>
      sse(res, [delta('Hel'), delta('lo'), delta(''), delta(null, 'length'), { choices: [], usage: { prompt_tokens: 12, completion_tokens: 3 } }, '[DONE]']),
    );
    const result = await read(new ChatCompletionsModel(`${peer.url}/`, 'qwen2.5-7b', 'sk-secret'), { maxOutputTokens: 300 });
    expect(result).toEqual({ deltas: ['Hel', 'lo'], end: { tokensIn: 12, tokensOut: 3, cutOff: true } });
    expect(peer.seen).toHaveLength(1);
    expect(peer.seen[0]!.path).toBe('/v1/chat/completions');
    expect(peer.seen[0]!.headers.authorization).toBe('Bearer sk-secret');
    expect(peer.seen[0]!.body).toEqual({
      model: 'qwen2.5-7b',
      max_tokens: 300,
      messages: [
        { role: 'system', content: 'You are Genie.' },
        { role: 'user', content: 'Earlier question' },
        { role: 'assistant', content: 'Earlier answer' },
        { role: 'user', content: 'hello' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends no authorization without a key, a user turn of several parts as parts, and an image as a data URL', async () => {
    const peer = await provider((_req, res) => sse(res, [delta([{ type: 'text', text: 'A cat.' }], 'stop')]));
    const user = [
      { type: 'text' as const, text: 'What is this?' },
      { type: 'image' as const, data: new Uint8Array([1, 2, 3]), mediaType: 'image/png' },
    ];
    const result = await read(new ChatCompletionsModel(peer.url, 'llava'), { user, history: [] });
    expect(result).toEqual({ deltas: ['A cat.'], end: { tokensIn: 0, tokensOut: 0, cutOff: false } });
    expect(peer.seen[0]!.headers.authorization).toBeUndefined();
    expect(peer.seen[0]!.body.max_tokens).toBeUndefined();
    expect((peer.seen[0]!.body.messages as unknown[]).at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
      ],
    });
  });

  it.each([
    [429, '{"error":{"message":"slow down"}}', 'rate_limited', 'The model provider is busy right now (rate limited). Please try again in a minute.', undefined],
    [400, '{"error":{"type":"exceed_context_size_error","n_ctx":2048}}', 'context_exceeded', 'The conversation is too long for the model to read at once.', 2048],
    [500, 'Internal error', 'failed', 'The model provider could not answer (HTTP 500). Please try again.', undefined],
  ])('answers HTTP %i as a ProviderError of its kind', async (status, body, kind, message, contextTokens) => {
    const peer = await provider((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
    const { error } = await failure(new ChatCompletionsModel(peer.url, 'm'));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind, message, contextTokens });
  });

  it('passes on the text before an unreadable event, then says the reply could not be read', async () => {
    const peer = await provider((_req, res) => sse(res, [delta('Hello'), '{"choices":[{"delta":{"content": not json']));
    const { deltas, error } = await failure(new ChatCompletionsModel(peer.url, 'm'));
    expect(deltas).toEqual(['Hello']);
    expect(error).toMatchObject({ kind: 'failed', message: 'The model provider sent a reply Genie could not read. Please try again.' });
  });

  it("takes an error event, or a stream that ends with no finish reason, as a reply it could not read", async () => {
    for (const events of [[delta('Hi'), { error: { message: 'overloaded' } }], [delta('Hi'), '[DONE]']]) {
      const peer = await provider((_req, res) => sse(res, events));
      const { deltas, error } = await failure(new ChatCompletionsModel(peer.url, 'm'));
      expect(deltas).toEqual(['Hi']);
      expect(error).toMatchObject({ kind: 'failed', message: 'The model provider sent a reply Genie could not read. Please try again.' });
    }
  });

  it('says the reply was cut off when the connection breaks mid-reply', async () => {
    const peer = await provider((_req, res) => {
      sse(res, [delta('Partial')], false);
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { deltas, error } = await failure(new ChatCompletionsModel(peer.url, 'm'));
    expect(deltas).toEqual(['Partial']);
    expect(error).toMatchObject({ kind: 'failed', message: "The model provider's reply was cut off. Please try again." });
  });

  it('says the provider could not be reached when nothing listens', async () => {
    const peer = await provider(() => undefined);
    const url = peer.url;
    await new Promise((resolve) => open.pop()!.close(resolve));
    const { error } = await failure(new ChatCompletionsModel(url, 'm'));
    expect(error).toMatchObject({ kind: 'failed', message: 'The model provider could not be reached. Please try again.' });
  });

  it('sends the POST once more when its connection is reset before any answer, and no more than once', async () => {
    let connections = 0;
    let resets = 1;
    const server = createTcpServer((socket) => {
      connections++;
      socket.once('data', () => {
        if (resets-- > 0) return socket.resetAndDestroy();
        const body = `data: ${JSON.stringify(delta('again', 'stop'))}\n\n`;
        socket.end(`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push(server);
    const model = new ChatCompletionsModel(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, 'm');
    expect((await read(model)).deltas).toEqual(['again']);
    expect(connections).toBe(2);

    connections = 0;
    resets = 2;
    const { error } = await failure(model);
    expect(error).toMatchObject({ kind: 'failed', message: 'The model provider could not be reached. Please try again.' });
    expect(connections).toBe(2);
  });

  it("stops reading and closes the provider's connection when the caller aborts", async () => {
    let closed!: () => void;
    const providerClosed = new Promise<void>((resolve) => (closed = resolve));
    const peer = await provider((_req, res) => {
      sse(res, [delta('First')], false);
      res.on('close', closed);
    });
    const abort = new AbortController();
    const stream = streamChatCompletions(new ChatCompletionsModel(peer.url, 'm'), call({ signal: abort.signal }));
    expect((await stream.next()).value).toBe('First');
    abort.abort();
    const error = await stream.next().catch((e: unknown) => e);
    // Not a ProviderError: the caller knows its own abort by its signal (model-stream.ts says "cancelled").
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderError);
    await providerClosed;
  });
});

/** Issue 40: the tools a model is offered, and the calls it streams back in pieces. */
describe('tool calls from a chat-completions server', () => {
  const piece = (toolCalls: unknown[], finish: string | null = null) => ({ choices: [{ delta: { tool_calls: toolCalls }, finish_reason: finish }] });

  it('sends the tools and earlier rounds, and reads calls whose arguments come in pieces', async () => {
    const peer = await provider((_req, res) =>
      sse(res, [
        piece([{ index: 0, id: 'call_a', type: 'function', function: { name: 'fs__read_text_file', arguments: '' } }]),
        piece([{ index: 0, function: { arguments: '{"path":' } }]),
        piece([{ index: 0, function: { arguments: '"/a"}' } }, { index: 1, function: { name: 'fs__list_directory', arguments: '{}' } }]),
        delta(null, 'tool_calls'),
        '[DONE]',
      ]),
    );
    const tools = [{ name: 'fs__read_text_file', description: 'Read a file', parameters: { type: 'object' } }];
    const rounds = [{ text: 'Let me look.', calls: [{ id: 'c0', name: 'fs__list_directory', arguments: '{}' }], results: { c0: 'a' } }];
    const result = await read(new ChatCompletionsModel(peer.url, 'm'), { tools, toolRounds: rounds, history: [] });
    expect(result.end.toolCalls).toEqual([
      { id: 'call_a', name: 'fs__read_text_file', arguments: '{"path":"/a"}' },
      // A call the server sent without an id gets one, so its result can answer it.
      { id: 'call_1', name: 'fs__list_directory', arguments: '{}' },
    ]);
    expect(peer.seen[0]!.body.tools).toEqual([{ type: 'function', function: { name: 'fs__read_text_file', description: 'Read a file', parameters: { type: 'object' } } }]);
    expect((peer.seen[0]!.body.messages as unknown[]).slice(-2)).toEqual([
      { role: 'assistant', content: 'Let me look.', tool_calls: [{ id: 'c0', type: 'function', function: { name: 'fs__list_directory', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c0', content: 'a' },
    ]);
  });

  it('gives up on a reply with more than 16 calls as unreadable', async () => {
    const calls = Array.from({ length: 17 }, (_, index) => ({ index, id: `c${index}`, function: { name: 'x', arguments: '{}' } }));
    const peer = await provider((_req, res) => sse(res, [piece(calls), delta(null, 'tool_calls'), '[DONE]']));
    const { error } = await failure(new ChatCompletionsModel(peer.url, 'm'));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('failed');
  });
});
