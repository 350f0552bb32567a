/**
 * A real model runtime for tests: llama.cpp (through node-llama-cpp's prebuilt CPU binary) serving a
 * GGUF file as an OpenAI-compatible server on 127.0.0.1: `POST /v1/chat/completions` (JSON or SSE,
 * `max_tokens`, `stop`, finish reasons and usage) and `POST /v1/embeddings`, plus `GET /v1/models`.
 *
 * Everything in a reply is what llama.cpp produced: the text is the runtime's detokenised output,
 * the finish reason its stop reason, the usage its token meter. The only thing this shell decides
 * is the HTTP framing, which follows llama.cpp's own `llama-server` (including its 400
 * `exceed_context_size_error` for a prompt the context cannot hold).
 *
 *   const peer = await startLlamaServer({ modelPath: 'tests/fixtures/genie-tiny.gguf' });
 *   // OPENAI_COMPATIBLE_BASE_URL=peer.url, GENIE_MODEL_DEFAULT='openai-compatible:genie-tiny'
 *   await peer.close();
 *
 * One generation runs at a time on one thread (on 2 cores, 1 thread gives ~400 tokens/s and 4 give
 * ~2): later requests wait their turn, as they would on a llama-server with one slot.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { basename } from 'node:path';
import {
  getLlama,
  LlamaLogLevel,
  LlamaChat,
  type ChatHistoryItem,
  type Llama,
  type LlamaContext,
  type LlamaEmbeddingContext,
  type LlamaModel,
} from 'node-llama-cpp';

export interface LlamaServerOptions {
  modelPath: string;
  /** The context size (llama.cpp's n_ctx); the model's training size by default. */
  contextSize?: number;
  threads?: number;
  /**
   * A GBNF grammar every reply must follow (llama-server's `--grammar`). The runtime may not end
   * a reply before the grammar is complete: how a test gets a reply long enough to reach its
   * max_tokens, or to be stopped from outside, from a model that otherwise answers in ~25 tokens.
   */
  grammar?: string;
}

/** What the runtime did for one chat request, for tests to compare with what Genie stored. */
export interface LlamaCompletionRecord {
  promptTokens: number;
  completionTokens: number;
  finishReason: 'stop' | 'length';
  text: string;
  /** node-llama-cpp's own reason for ending (eogToken, stopGenerationTrigger, maxTokens, abort...). */
  stopReason: string;
  /** True when the caller went away and generation was stopped before it ended by itself. */
  aborted: boolean;
  /** The request body as received (messages, max_tokens, stop...). */
  body: ChatBody;
}

export interface LlamaServer {
  /** The OpenAI-compatible base address, `/v1` included. */
  url: string;
  /** The model id it answers to: the file's name without `.gguf`. */
  modelId: string;
  contextSize: number;
  completions: LlamaCompletionRecord[];
  close(): Promise<void>;
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | Array<{ type: string; text?: string }>;
}

interface ChatBody {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  stop?: string | string[];
  temperature?: number;
  stream_options?: { include_usage?: boolean };
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export async function startLlamaServer(options: LlamaServerOptions): Promise<LlamaServer> {
  const llama: Llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  const model: LlamaModel = await llama.loadModel({ modelPath: options.modelPath });
  const contextSize = options.contextSize ?? model.trainContextSize;
  const threads = options.threads ?? 1;
  const context: LlamaContext = await model.createContext({ contextSize, threads, sequences: 1 });
  let embeddings: LlamaEmbeddingContext | undefined;
  const grammar = options.grammar === undefined ? undefined : await llama.createGrammar({ grammar: options.grammar });
  const modelId = basename(options.modelPath).replace(/\.gguf$/i, '');
  const completions: LlamaCompletionRecord[] = [];

  // One slot: requests take turns, as on a llama-server started with --parallel 1.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  async function chat(body: ChatBody, request: IncomingMessage, response: ServerResponse) {
    const messages = body.messages ?? [];
    if (messages.length === 0) return sendError(response, 400, 'invalid_request_error', "'messages' must be a non-empty array");
    const history = toHistory(messages);
    const sequence = context.getSequence();
    const llamaChat = new LlamaChat({ contextSequence: sequence, autoDisposeSequence: true });
    try {
      const prompt = llamaChat.chatWrapper.generateContextState({ chatHistory: [...history, { type: 'model', response: [] }] });
      const promptTokens = prompt.contextText.tokenize(model.tokenizer).length;
      if (promptTokens >= contextSize) {
        return sendError(
          response,
          400,
          'exceed_context_size_error',
          `the request exceeds the available context size, try increasing it (n_prompt_tokens: ${promptTokens}, n_ctx: ${contextSize})`,
        );
      }
      const abort = new AbortController();
      const onClose = () => {
        if (!response.writableEnded) abort.abort();
      };
      response.on('close', onClose);
      const maxTokens = body.max_completion_tokens ?? body.max_tokens;
      const stops = body.stop === undefined ? [] : Array.isArray(body.stop) ? body.stop : [body.stop];
      const id = `chatcmpl-${Date.now().toString(36)}`;
      const created = Math.floor(Date.now() / 1000);
      const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: modelId, choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
      if (body.stream) {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        response.write(chunk({ role: 'assistant', content: '' }, null));
      }
      const meterBefore = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
      const result = await llamaChat.generateResponse(history, {
        maxTokens: maxTokens && maxTokens > 0 ? maxTokens : undefined,
        customStopTriggers: stops.length > 0 ? stops : undefined,
        temperature: body.temperature ?? 0,
        signal: abort.signal,
        stopOnAbortSignal: true,
        grammar,
        onTextChunk: body.stream ? (text) => response.write(chunk({ content: text }, null)) : undefined,
      });
      response.off('close', onClose);
      const aborted = result.metadata.stopReason === 'abort';
      const finishReason = result.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
      // The runtime's own meter: tokens it evaluated for the prompt and generated for the reply.
      const usage = {
        prompt_tokens: sequence.tokenMeter.usedInputTokens - meterBefore.input,
        completion_tokens: sequence.tokenMeter.usedOutputTokens - meterBefore.output,
      };
      const usageBody = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
      completions.push({ stopReason: result.metadata.stopReason, promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, finishReason, text: result.response, aborted, body });
      if (aborted) return;
      if (body.stream) {
        response.write(chunk({}, finishReason));
        if (body.stream_options?.include_usage) {
          response.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: modelId, choices: [], usage: usageBody })}\n\n`);
        }
        response.end('data: [DONE]\n\n');
      } else {
        sendJson(response, 200, {
          id,
          object: 'chat.completion',
          created,
          model: modelId,
          choices: [{ index: 0, message: { role: 'assistant', content: result.response }, finish_reason: finishReason }],
          usage: usageBody,
        });
      }
    } finally {
      llamaChat.dispose();
    }
    void request;
  }

  async function embed(body: { input?: string | string[] }, response: ServerResponse) {
    const inputs = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input : undefined;
    if (!inputs || inputs.length === 0) return sendError(response, 400, 'invalid_request_error', "'input' must be a string or an array of strings");
    embeddings ??= await model.createEmbeddingContext({ contextSize: Math.min(contextSize, 512), threads });
    const data = [];
    let tokens = 0;
    for (const [index, text] of inputs.entries()) {
      tokens += model.tokenize(text).length;
      const { vector } = await embeddings.getEmbeddingFor(text);
      data.push({ object: 'embedding', index, embedding: [...vector] });
    }
    sendJson(response, 200, { object: 'list', model: modelId, data, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }

  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, 'server_error', error instanceof Error ? error.message : String(error));
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'GET' && path === '/v1/models') {
      return sendJson(response, 200, { object: 'list', data: [{ id: modelId, object: 'model', owned_by: 'llama.cpp', meta: { n_ctx: contextSize } }] });
    }
    if (request.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/v1/embeddings')) {
      return sendError(response, 404, 'not_found_error', 'File Not Found');
    }
    const raw = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(response, 400, 'invalid_request_error', 'the request body is not JSON');
    }
    if (path === '/v1/embeddings') return inTurn(() => embed(body as { input?: string | string[] }, response));
    return inTurn(() => chat(body as ChatBody, request, response));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    modelId,
    contextSize,
    completions,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.catch(() => undefined);
      await llama.dispose();
    },
  };
}

/** OpenAI messages as llama.cpp chat history: consecutive system texts are joined, parts flattened. */
function toHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  return messages.map((message): ChatHistoryItem => {
    const text = typeof message.content === 'string' ? message.content : message.content.map((part) => part.text ?? '').join('');
    if (message.role === 'system') return { type: 'system', text };
    if (message.role === 'assistant') return { type: 'model', response: [text] };
    return { type: 'user', text };
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    request.on('data', (part: Buffer) => {
      size += part.length;
      if (size > MAX_BODY_BYTES) request.destroy(new Error('request body too large'));
      else parts.push(part);
    });
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, type: string, message: string) {
  sendJson(response, status, { error: { code: status, message, type } });
}
