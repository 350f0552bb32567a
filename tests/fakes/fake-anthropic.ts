/**
 * The fake model server's Anthropic Messages API (POST /v1/messages), streamed in Anthropic's own
 * wire format: `message_start`, content blocks (`text` with `text_delta`s, `tool_use` with its
 * input in `input_json_delta` pieces), `message_delta` with the stop reason and usage, then
 * `message_stop`. Point Genie's Anthropic adapter at it with ANTHROPIC_BASE_URL=<fake.url>.
 *
 * It answers as the OpenAI side of the fake does (fake-model-server.ts), reading the request as
 * that side's messages (anthropicAsChatBody): `Fake reply to: <last user text>`, or
 * `Fake reply from tool: <result>` when the last turn is a `tool_result`; `tool_calls` streams the
 * calls as `tool_use` blocks with `stop_reason: "tool_use"`; `max_tokens` cuts the reply with
 * `stop_reason: "max_tokens"`; status answers with Anthropic's error body and hang never answers.
 * Malformed and cut are not spoken here: they answer as normal.
 */
import type { ServerResponse } from 'node:http';
import type { Behaviour, FakeRequestBody } from './fake-model-server';

interface AnthropicBlock {
  type?: string;
  text?: string;
  content?: unknown;
  tool_use_id?: string;
}

/** A block's text: text blocks as they are, a tool result by its text, anything else by its type. */
function blockText(block: AnthropicBlock): string {
  if (block.type === 'text') return block.text ?? '';
  if (block.type === 'tool_result') return typeof block.content === 'string' ? block.content : Array.isArray(block.content) ? (block.content as AnthropicBlock[]).map(blockText).join(' ') : '';
  return `[${block.type}]`;
}

/**
 * The request as the OpenAI side's messages, so the fake's reply and prompt count read it the
 * same way: the system prompt first, and a user turn made only of tool results as a `tool` message.
 */
export function anthropicAsChatBody(body: FakeRequestBody | null): FakeRequestBody | null {
  if (!body) return null;
  const system = body.system;
  const systemText = typeof system === 'string' ? system : Array.isArray(system) ? (system as AnthropicBlock[]).map(blockText).join('\n') : '';
  const messages = ((body.messages ?? []) as { role: string; content: unknown }[]).map((m) => {
    if (typeof m.content === 'string') return m;
    const blocks = (Array.isArray(m.content) ? m.content : []) as AnthropicBlock[];
    const results = blocks.filter((b) => b.type === 'tool_result');
    if (m.role === 'user' && results.length > 0 && results.length === blocks.length) return { role: 'tool', content: results.map(blockText).join('\n') };
    return { role: m.role, content: blocks.map((b) => ({ type: 'text', text: blockText(b) })) };
  });
  return { ...body, messages: [...(systemText ? [{ role: 'system', content: systemText }] : []), ...messages] };
}

/** Anthropic's error body for a status behaviour. */
export function anthropicError(status: number, message: string) {
  return { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error', message } };
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Answers one streamed Messages request (Genie always streams) under a normal, slow or tool_calls behaviour. */
export async function anthropicMessages(
  res: ServerResponse,
  body: FakeRequestBody | null,
  current: Behaviour,
  reply: { text: string; promptTokens: number },
) {
  const model = body?.model ?? 'fake-claude';
  const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  event('message_start', {
    message: { id: 'msg_fake', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: reply.promptTokens, output_tokens: 1 } },
  });

  if (current.kind === 'tool_calls') {
    let index = 0;
    if (current.reply) {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index, delta: { type: 'text_delta', text: current.reply } });
      event('content_block_stop', { index });
      index++;
    }
    current.calls.forEach((call, i) => {
      // As Anthropic streams a tool_use block: its id and name with an empty input, then the input's JSON in pieces.
      const args = JSON.stringify(call.arguments);
      const half = Math.floor(args.length / 2);
      event('content_block_start', { index, content_block: { type: 'tool_use', id: `toolu_fake_${i}`, name: call.name, input: {} } });
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: args.slice(0, half) } });
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: args.slice(half) } });
      event('content_block_stop', { index });
      index++;
    });
    event('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: current.calls.length * 10 } });
    event('message_stop', {});
    res.end();
    return;
  }

  const allWords = reply.text.split(' ');
  const room = typeof body?.max_tokens === 'number' ? body.max_tokens : Infinity;
  const cut = allWords.length > room || ('finishReason' in current && current.finishReason === 'length');
  const words = allWords.slice(0, Math.min(room, allWords.length));
  event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  for (const [i, word] of words.entries()) {
    if (current.kind === 'slow' && i > 0) await delay(current.tokenDelayMs);
    if (res.destroyed) return;
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: i === 0 ? word : ` ${word}` } });
  }
  event('content_block_stop', { index: 0 });
  event('message_delta', { delta: { stop_reason: cut ? 'max_tokens' : 'end_turn', stop_sequence: null }, usage: { output_tokens: words.length } });
  event('message_stop', {});
  res.end();
}
