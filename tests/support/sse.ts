import { createParser } from 'eventsource-parser';
import { readSse, type SseEvent as SseMessage } from '../../client/src/features/chat/lib/sse';

/**
 * Server-sent events for tests and benches: Genie's chat stream (`event: delta\ndata: {"text":"…"}\n\n`)
 * and the fake model server's OpenAI-style stream (`data: {…}\n\n`). Framed by eventsource-parser,
 * as the server's model adapters and the browser's reader (client/src/features/chat/lib/sse.ts) are.
 */

/** One event: its name ("message" when the block names none) and its data lines joined by "\n". */
export type { SseMessage };

/** A Genie chat event, its data parsed as JSON. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Every event of a whole body, in order; an unterminated last block is no event, as in a browser. */
export function parseSseMessages(body: string): SseMessage[] {
  const events: SseMessage[] = [];
  createParser({ onEvent: (message) => events.push({ event: message.event ?? 'message', data: message.data }) }).feed(body);
  return events;
}

/** A whole Genie chat body as events with JSON data. */
export function parseSse(body: string): SseEvent[] {
  return parseSseMessages(body).map(({ event, data }) => {
    try {
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    } catch {
      throw new Error(`SSE event "${event}" carries data that is not JSON: ${data}`);
    }
  });
}

/** Yields each event as soon as its block is complete: the browser's own reader. */
export { readSse };

/**
 * POSTs a streamed chat message to a listening Genie and resolves once its first token has
 * arrived, with the way to go away mid-reply (a closed tab, a Stop that drops the connection).
 */
export async function chatUntilFirstToken(address: string, cookie: string, message: string): Promise<{ abort(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/chat`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: address },
    body: JSON.stringify({ message }),
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the chat answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes('event: delta')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before its first token: ${seen}`);
    seen += decoder.decode(value, { stream: true });
  }
  return { abort: () => controller.abort() };
}

/**
 * A streamed chat read to its end, its events with JSON data; `onApproval` answers each
 * `tool_approval` event as it comes (MCP tools in chat), while the stream waits for it.
 */
export async function streamChatEvents(
  address: string,
  cookie: string,
  body: Record<string, unknown>,
  onApproval: (event: Record<string, unknown>) => Promise<void> = async () => {},
): Promise<SseEvent[]> {
  const response = await fetch(`${address}/api/chat`, {
    method: 'POST',
    headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`the chat answered ${response.status}: ${await response.text()}`);
  const events: SseEvent[] = [];
  for await (const m of readSse(response.body!)) {
    const data = JSON.parse(m.data) as Record<string, unknown>;
    events.push({ event: m.event, data });
    if (m.event === 'tool_approval') await onApproval(data);
  }
  return events;
}
