/**
 * A fake OpenAI-compatible model server: real HTTP and real SSE on 127.0.0.1, for tests and bench.
 *
 * In a test:
 *   const fake = await startFakeModelServer();          // fake.url is 'http://127.0.0.1:<port>/v1'
 *   // point Genie at it: OPENAI_COMPATIBLE_BASE_URL=fake.url, GENIE_MODEL_DEFAULT='openai-compatible:fake-model'
 *   fake.setBehaviour({ kind: 'status', status: 500 });  // every following request gets a 500
 *   fake.requests[0].body.messages                      // what the provider received (system prompt, history)
 *   await fake.close();
 *
 * Behaviours (one applies to every request until changed; `queueBehaviours(a, b)` gives the next
 * chat completions a, then b, before the standing one applies again):
 *   normal    the reply is built from the request: `Fake reply to: <last user text>` (or `reply`)
 *   slow      as normal, streamed one word per chunk with `tokenDelayMs` between chunks
 *             (both: `finishReason: 'length'` ends the whole reply as cut off by the length limit)
 *   status    answers `status` (500, 429…) with an OpenAI-style error body
 *   malformed a stream with one good chunk, then a line that is not JSON, then the end
 *   cut       a stream with one good chunk, then the connection is destroyed
 *   hang      accepts the request and never answers (close() still ends it)
 *   tool_calls the model calls tools instead of answering: `calls` ({name, arguments}; arguments
 *             an object, sent as JSON text) with `finish_reason: "tool_calls"`, streamed as
 *             OpenAI does (the name first, the arguments in two pieces), each call whole in
 *             one chunk with `whole: true` (as xAI streams them), or as one JSON message;
 *             `reply` is text written before the calls. Queue it, so the next request (which
 *             carries the `tool` results) is answered normally:
 *               fake.queueBehaviours({ kind: 'tool_calls', calls: [{ name: 'fs__read_file', arguments: { path } }] })
 *
 * A normal reply to a request whose last message is a tool's result answers from it:
 * `Fake reply from tool: <the result>`, as a model reading the result would.
 *
 * Like a real server, a reply is one word per token: one longer than the request's `max_tokens`
 * is cut there and ends with `finish_reason: "length"`. With `contextTokens` (llama.cpp's n_ctx;
 * an option of startFakeModelServer, or setContextTokens) a prompt of that many tokens or more is
 * refused with llama.cpp's 400 "the request exceeds the available context size", and the reply is
 * also cut where the context is full. The fake counts a prompt's tokens as a quarter of its
 * messages' characters plus 4 a message: fewer than Genie's own estimate, never more.
 *
 * Also speaks Anthropic's Messages API at POST /v1/messages (fake-anthropic.ts), under the same
 * behaviours and queue: point ANTHROPIC_BASE_URL at `url`.
 *
 * Also answers GET /v1/models (what Genie's provider health check probes), under the same behaviour,
 * and POST /v1/embeddings with fakeEmbedding's hashed-trigram vectors (status and hang apply too).
 *
 * As a process (for e2e tests and bench, which start Genie as a separate process):
 *   npx tsx tests/fakes/fake-model-server.ts --port 0 [--behaviour slow --token-delay-ms 20]
 * prints `FAKE_MODEL_SERVER_URL=http://127.0.0.1:<port>/v1` on its first line of stdout. Another
 * process switches it with `POST /__fake/behaviour` (JSON body: a Behaviour), queues behaviours
 * with `POST /__fake/queue` (JSON body: an array of them, as queueBehaviours) and reads what it
 * received with `GET /__fake/requests`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { anthropicAsChatBody, anthropicError, anthropicMessages } from './fake-anthropic';

export type Behaviour =
  | { kind: 'normal'; reply?: string; finishReason?: 'length' }
  | { kind: 'slow'; tokenDelayMs: number; reply?: string; finishReason?: 'length' }
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'malformed' }
  | { kind: 'cut' }
  | { kind: 'hang' }
  | { kind: 'tool_calls'; calls: FakeToolCall[]; reply?: string; whole?: boolean };

/** A tool call the fake makes: the offered function's name and its arguments. */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (null when it was not JSON). */
  body: FakeRequestBody | null;
  /** True once the caller closed the connection before the answer was complete (an abort). */
  closedEarly: boolean;
}

/** The fields of a /v1/chat/completions or /v1/images/generations body that tests read. */
export interface FakeRequestBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  prompt?: string;
  [key: string]: unknown;
}

/** Width of the fake's embeddings. */
export const FAKE_EMBEDDING_DIMS = 256;

/**
 * The fake's /v1/embeddings vector for a text: its words' character trigrams (" ze", "zep", …)
 * hashed into FAKE_EMBEDDING_DIMS counts. Deterministic, and close for texts that share spellings,
 * so a misspelled word ("Zefyrine") still lands near the passage that has it right, which
 * full-text search cannot find: what a test of hybrid retrieval needs.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      let hash = 2166136261;
      for (const char of padded.slice(i, i + 3)) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0;
      vector[hash % FAKE_EMBEDDING_DIMS]! += 1;
    }
  }
  return vector;
}

export interface FakeModelServer {
  /** Base URL including /v1, as OpenAI-compatible clients expect. */
  url: string;
  setBehaviour(behaviour: Behaviour): void;
  /** The next chat requests (/v1/chat/completions or /v1/messages) get these, one each, in order; then the standing behaviour. */
  queueBehaviours(...behaviours: Behaviour[]): void;
  /** The context size (n_ctx) in the fake's tokens; null for no limit. */
  setContextTokens(tokens: number | null): void;
  /** Every request received, oldest first. Clear it with `requests.length = 0`. */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A 1×1 transparent PNG: what /v1/images/generations returns. */
export const FAKE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The text a normal reply answers with: every word of it becomes one stream chunk. */
export function fakeReplyText(body: FakeRequestBody | null): string {
  const messages = body?.messages ?? [];
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') return `Fake reply from tool: ${textOf(last.content)}`;
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  return `Fake reply to: ${lastUser ? textOf(lastUser.content) : '(nothing)'}`;
}

/** The fake's token count of a prompt (see the header): never more than Genie's estimate of it. */
export function fakePromptTokens(body: FakeRequestBody | null): number {
  return (body?.messages ?? []).reduce((sum, m) => sum + Math.ceil(textOf(m.content).length / 4) + 4, 0);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : `[${part.type}]`))
      .join(' ');
  }
  return '';
}

export async function startFakeModelServer(
  options: { port?: number; behaviour?: Behaviour; contextTokens?: number } = {},
): Promise<FakeModelServer> {
  let behaviour: Behaviour = options.behaviour ?? { kind: 'normal' };
  let contextTokens: number | null = options.contextTokens ?? null;
  const requests: ReceivedRequest[] = [];
  const queued: Behaviour[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const path = (req.url ?? '/').split('?')[0]!;
    let body: FakeRequestBody | null = null;
    try {
      body = raw ? (JSON.parse(raw) as FakeRequestBody) : null;
    } catch {
      body = null;
    }

    if (path === '/__fake/behaviour' && req.method === 'POST') {
      behaviour = body as unknown as Behaviour;
      return json(res, 200, { ok: true });
    }
    if (path === '/__fake/queue' && req.method === 'POST') {
      queued.push(...(body as unknown as Behaviour[]));
      return json(res, 200, { ok: true });
    }
    if (path === '/__fake/requests' && req.method === 'GET') return json(res, 200, { requests });

    const record: ReceivedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body, closedEarly: false };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    const isChat = req.method === 'POST' && (path === '/v1/chat/completions' || path === '/v1/messages');
    const current = (isChat && queued.shift()) || behaviour;
    if (current.kind === 'hang') return; // never answer; close() destroys the socket
    if (current.kind === 'status') {
      if (path === '/v1/messages') return json(res, current.status, anthropicError(current.status, current.message ?? `Fake provider error ${current.status}`));
      return json(res, current.status, {
        error: { message: current.message ?? `Fake provider error ${current.status}`, type: 'server_error', code: null },
      });
    }
    if (path === '/v1/models' && req.method === 'GET') {
      return json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] });
    }
    if (path === '/v1/images/generations' && req.method === 'POST') {
      return json(res, 200, { created: 1_700_000_000, data: [{ b64_json: FAKE_PNG_BASE64, revised_prompt: body?.prompt ?? '' }] });
    }
    if (path === '/v1/chat/completions' && req.method === 'POST') return chatCompletion(res, body, current);
    if (path === '/v1/messages' && req.method === 'POST') {
      const asChat = anthropicAsChatBody(body);
      return anthropicMessages(res, body, current, { text: ('reply' in current && current.reply) || fakeReplyText(asChat), promptTokens: fakePromptTokens(asChat) });
    }
    if (path === '/v1/embeddings' && req.method === 'POST') {
      const input = body?.input;
      const texts = typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : [];
      const data = texts.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) }));
      return json(res, 200, { object: 'list', data, model: body?.model ?? 'fake-embed', usage: { prompt_tokens: 0, total_tokens: 0 } });
    }
    json(res, 404, { error: { message: `No route ${req.method} ${path}`, type: 'not_found' } });
  }

  async function chatCompletion(res: ServerResponse, body: FakeRequestBody | null, current: Behaviour) {
    const promptTokens = fakePromptTokens(body);
    if (contextTokens !== null && promptTokens >= contextTokens) {
      // llama.cpp's answer (server-common / utils.hpp, type exceed_context_size_error).
      return json(res, 400, {
        error: {
          code: 400,
          message: 'the request exceeds the available context size, try increasing it',
          type: 'exceed_context_size_error',
          n_prompt_tokens: promptTokens,
          n_ctx: contextTokens,
        },
      });
    }
    if (current.kind === 'tool_calls') return toolCallsCompletion(res, body, current);
    const fullReply = ('reply' in current && current.reply) || fakeReplyText(body);
    const allWords = fullReply.split(' ');
    const room = Math.min(
      typeof body?.max_tokens === 'number' ? body.max_tokens : Infinity,
      contextTokens === null ? Infinity : contextTokens - promptTokens,
    );
    const cutByLimit = allWords.length > room;
    const words = cutByLimit ? allWords.slice(0, room) : allWords;
    const reply = words.join(' ');
    const finishReason = cutByLimit || ('finishReason' in current && current.finishReason === 'length') ? 'length' : 'stop';
    const model = body?.model ?? 'fake-model';
    const completionTokens = words.length;
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };

    if (!body?.stream) {
      return json(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: finishReason }],
        usage,
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null, withUsage = false) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...(withUsage ? { usage } : {}),
      })}\n\n`;

    res.write(chunk({ role: 'assistant', content: words[0] }, null));
    if (current.kind === 'malformed') {
      res.write('data: {"id":"chatcmpl-fake","choices":[{"delta":{"content": not json at all\n\n');
      res.end();
      return;
    }
    if (current.kind === 'cut') {
      await delay(20);
      res.destroy();
      return;
    }
    for (const word of words.slice(1)) {
      if (current.kind === 'slow') await delay(current.tokenDelayMs);
      if (res.destroyed) return;
      res.write(chunk({ content: ` ${word}` }, null));
    }
    res.write(chunk({}, finishReason, true));
    res.write('data: [DONE]\n\n');
    res.end();
  }

  function toolCallsCompletion(res: ServerResponse, body: FakeRequestBody | null, current: Extract<Behaviour, { kind: 'tool_calls' }>) {
    const model = body?.model ?? 'fake-model';
    const calls = current.calls.map((call, index) => ({ index, id: `call_fake_${index}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }));
    const usage = { prompt_tokens: fakePromptTokens(body), completion_tokens: calls.length * 10, total_tokens: fakePromptTokens(body) + calls.length * 10 };
    const head = { id: 'chatcmpl-fake', created: 1_700_000_000, model };
    if (!body?.stream) {
      return json(res, 200, {
        ...head,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: current.reply ?? null, tool_calls: calls }, finish_reason: 'tool_calls' }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null, withUsage = false) =>
      `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...(withUsage ? { usage } : {}) })}\n\n`;
    res.write(chunk({ role: 'assistant', content: current.reply ?? null }, null));
    for (const call of calls) {
      if (current.whole) {
        res.write(chunk({ tool_calls: [call] }, null));
        continue;
      }
      // As OpenAI streams a call: its id and name first, then its arguments in pieces.
      const args = call.function.arguments;
      const half = Math.floor(args.length / 2);
      res.write(chunk({ tool_calls: [{ index: call.index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null));
      res.write(chunk({ tool_calls: [{ index: call.index, function: { arguments: args.slice(0, half) } }] }, null));
      res.write(chunk({ tool_calls: [{ index: call.index, function: { arguments: args.slice(half) } }] }, null));
    }
    res.write(chunk({}, 'tool_calls', true));
    res.write('data: [DONE]\n\n');
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    setBehaviour(next) {
      behaviour = next;
      queued.length = 0;
    },
    queueBehaviours(...next) {
      queued.push(...next);
    },
    setContextTokens(tokens) {
      contextTokens = tokens;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

// Standalone: `tsx tests/fakes/fake-model-server.ts --port N`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kind = (argument('behaviour') ?? 'normal') as Behaviour['kind'];
  const tokenDelayMs = Number(argument('token-delay-ms') ?? 20);
  const initial: Behaviour =
    kind === 'slow' ? { kind, tokenDelayMs } : kind === 'status' ? { kind, status: Number(argument('status') ?? 500) } : ({ kind } as Behaviour);
  const fake = await startFakeModelServer({ port: Number(argument('port') ?? 0), behaviour: initial });
  process.stdout.write(`FAKE_MODEL_SERVER_URL=${fake.url}\n`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
