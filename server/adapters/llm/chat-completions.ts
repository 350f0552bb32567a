import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { MAX_TOOL_ARGUMENT_CHARS, MAX_TOOL_CALLS, MAX_TOOL_NAME_CHARS, type ModelCall, type ModelToolCall, type StreamEnd, type ToolRound } from './model-call';
import { CUT_OFF, providerErrorOfStatus, ProviderError, UNREADABLE_REPLY, UNREACHABLE } from './provider-error';

/**
 * A server that speaks OpenAI's /v1/chat/completions (llama.cpp, vLLM, Ollama, LM Studio, Venice,
 * OpenRouter), streamed over node:http with kept-alive sockets, read chunk by chunk.
 *
 * Why not the ai SDK's openai-compatible model for these, as before: under Node 20 every web
 * stream pays for being transferable when it is made, and the SDK's call makes about ten (fetch's
 * request and response bodies, a tee of the body for its redirect copy, a text decoder, an
 * event-source parser, a JSON parser and its own transform) and validates every chunk with zod.
 * At 20 chats at once that was about 3.5 ms of the server's thread per 20-token reply of the
 * 15 ms Genie spent (bench/profile/stream-parse.ts: SDK 4.9-6.0 ms, this path 1.4-1.7 ms, both
 * with the fake provider's own CPU). What Genie asks of these servers is small: a streamed text
 * reply, its usage and its finish reason, and the tool calls of issue 40; no structured output.
 *
 * Behaviour is the SDK's, kept: the same request body (a user turn of one text is a string, images
 * are data-URL image_url parts, `stream_options.include_usage`, `max_tokens`), an `error` chunk or
 * a stream that ends with no finish reason is an unreadable reply, and a POST whose kept-alive
 * socket the server had closed is sent once more (as retrying-fetch.ts does for the SDK's calls).
 */
export class ChatCompletionsModel {
  readonly url: URL;
  readonly #headers: Record<string, string>;

  constructor(
    baseURL: string,
    readonly modelId: string,
    apiKey?: string,
  ) {
    this.url = new URL(`${baseURL.replace(/\/+$/, '')}/chat/completions`);
    this.#headers = { 'content-type': 'application/json', accept: 'text/event-stream', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
  }

  /** The request's headers, with the key: never logged, never in an error. */
  headersFor(body: string): Record<string, string | number> {
    return { ...this.#headers, 'content-length': Buffer.byteLength(body) };
  }
}

type Content = string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];

/** The body the SDK's openai-compatible model sent, for the parts Genie uses. */
export function requestBodyOf(modelId: string, call: Pick<ModelCall, 'system' | 'history' | 'user' | 'maxOutputTokens' | 'tools' | 'toolRounds'>): string {
  const user: Content =
    call.user.length === 1 && call.user[0]!.type === 'text'
      ? call.user[0]!.text
      : call.user.map((part) =>
          part.type === 'text'
            ? { type: 'text' as const, text: part.text }
            : { type: 'image_url' as const, image_url: { url: `data:${part.mediaType};base64,${Buffer.from(part.data).toString('base64')}` } },
        );
  return JSON.stringify({
    model: modelId,
    max_tokens: call.maxOutputTokens,
    messages: [
      { role: 'system', content: call.system },
      ...call.history.map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: user },
      ...(call.toolRounds ?? []).flatMap(toolRoundMessages),
    ],
    ...(call.tools && call.tools.length > 0
      ? { tools: call.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } })) }
      : {}),
    stream: true,
    stream_options: { include_usage: true },
  });
}

/** A round of tool use as OpenAI's messages: the assistant's calls, then one `tool` message per call. */
function toolRoundMessages(round: ToolRound) {
  return [
    {
      role: 'assistant',
      content: round.text || null,
      tool_calls: round.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
    },
    ...round.calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: round.results[call.id] ?? '' })),
  ];
}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Sends the POST and resolves with the response's head; a socket reset before it is sent once more. */
async function post(model: ChatCompletionsModel, body: string, signal: AbortSignal): Promise<IncomingMessage> {
  try {
    return await postOnce(model, body, signal);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (signal.aborted || !code || !STALE_SOCKET_CODES.has(code)) throw error;
    return postOnce(model, body, signal);
  }
}

function postOnce(model: ChatCompletionsModel, body: string, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = model.url.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const request: ClientRequest = send(model.url, { method: 'POST', headers: model.headersFor(body), agent: secure ? agents.https : agents.http, signal }, resolve);
    request.on('error', reject);
    request.end(body);
  });
}

async function readAll(response: IncomingMessage): Promise<string> {
  let text = '';
  response.setEncoding('utf8');
  for await (const piece of response) {
    text += piece as string;
    if (text.length > 64 * 1024) break; // an error body's first 64 KB says what went wrong
  }
  return text;
}

interface Chunk {
  error?: unknown;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
  choices?: { delta?: { content?: unknown; tool_calls?: ToolCallDelta[] | null } | null; finish_reason?: string | null }[];
}

/** A piece of a streamed tool call: the first names it, the rest add to its arguments (by index). */
interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

/** Adds a streamed piece to the calls so far; false when the model went past the bounds above. */
function addToolCallDelta(calls: ModelToolCall[], delta: ToolCallDelta): boolean {
  const index = typeof delta.index === 'number' ? delta.index : calls.length;
  if (index < 0 || index >= MAX_TOOL_CALLS) return false;
  const call = (calls[index] ??= { id: '', name: '', arguments: '' });
  if (typeof delta.id === 'string' && delta.id) call.id = delta.id;
  if (typeof delta.function?.name === 'string') call.name += delta.function.name;
  if (typeof delta.function?.arguments === 'string') call.arguments += delta.function.arguments;
  return call.arguments.length <= MAX_TOOL_ARGUMENT_CHARS && call.name.length <= MAX_TOOL_NAME_CHARS;
}

/** A delta's text: a string, or (some servers) an array of parts whose text parts count. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content as { type?: unknown; text?: unknown }[]) if (part?.type === 'text' && typeof part.text === 'string') text += part.text;
  return text;
}

/**
 * One streamed reply, as text deltas, returning its usage and whether it was cut at the length
 * limit. Throws ProviderError for what the provider did; the caller's abort surfaces as the
 * socket's own error, which the caller knows by its signal.
 */
export async function* streamChatCompletions(model: ChatCompletionsModel, call: ModelCall): AsyncGenerator<string, StreamEnd> {
  let response: IncomingMessage;
  try {
    response = await post(model, requestBodyOf(model.modelId, call), call.signal);
  } catch (error) {
    if (call.signal.aborted) throw error;
    throw new ProviderError('failed', UNREACHABLE);
  }
  call.onActivity();
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    throw providerErrorOfStatus(status, await readAll(response).catch(() => ''));
  }

  const pending: string[] = [];
  let finishReason: string | undefined;
  let usage: Chunk['usage'];
  let unreadable = false;
  const toolCalls: ModelToolCall[] = [];
  const parser = createParser({
    onEvent({ data }: EventSourceMessage) {
      if (unreadable || data === '[DONE]') return;
      let chunk: Chunk;
      try {
        chunk = JSON.parse(data) as Chunk;
      } catch {
        unreadable = true;
        return;
      }
      if (chunk === null || typeof chunk !== 'object' || chunk.error !== undefined) {
        unreadable = true;
        return;
      }
      if (chunk.usage != null) usage = chunk.usage;
      const choice = chunk.choices?.[0];
      if (choice?.finish_reason != null) finishReason = choice.finish_reason;
      const text = textOf(choice?.delta?.content);
      if (text) pending.push(text);
      const calls = choice?.delta?.tool_calls;
      if (Array.isArray(calls)) for (const delta of calls) if (delta && typeof delta === 'object' && !addToolCallDelta(toolCalls, delta)) unreadable = true;
    },
  });

  response.setEncoding('utf8');
  try {
    for await (const piece of response) {
      call.onActivity();
      parser.feed(piece as string);
      // The text that came before an unreadable event is the reply's, as the SDK passed it on.
      while (pending.length > 0) yield pending.shift()!;
      if (unreadable) throw new ProviderError('failed', UNREADABLE_REPLY);
    }
  } catch (error) {
    if (error instanceof ProviderError || call.signal.aborted) throw error;
    // The connection broke mid-reply (node:http's "aborted", a reset).
    throw new ProviderError('failed', CUT_OFF);
  } finally {
    // Left early (an error, the caller stopped): the socket is not reused half read.
    if (!response.complete) response.destroy();
  }
  if (finishReason === undefined) throw new ProviderError('failed', UNREADABLE_REPLY);
  const end: StreamEnd = { tokensIn: usage?.prompt_tokens ?? 0, tokensOut: usage?.completion_tokens ?? 0, cutOff: finishReason === 'length' };
  // A call the model did not name is no call; one without an id gets one, so its result can answer it.
  const named = toolCalls.filter((call) => call?.name).map((call, i) => ({ ...call, id: call.id || `call_${i}` }));
  if (named.length > 0) end.toolCalls = named;
  return end;
}
