/**
 * The one reader of server-sent events for tests and benches: Genie's chat stream
 * (`event: delta\ndata: {"text":"…"}\n\n`) and the fake model server's OpenAI-style stream
 * (`data: {…}\n\n`). LF line endings only, as both servers write.
 */

/** One event: its name ("message" when the block names none) and its data lines joined by "\n". */
export interface SseMessage {
  event: string;
  data: string;
}

/** A Genie chat event, its data parsed as JSON. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * One block (the lines before a blank line) as an event. Lines starting with ":" are comments;
 * a block without a `data:` line is no event (SSE dispatches none), hence null.
 */
export function parseSseBlock(block: string): SseMessage | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}

/** The events of every complete block in `buffer`, and what follows the last blank line. */
function takeEvents(buffer: string): { events: SseMessage[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop()!;
  return { events: blocks.map(parseSseBlock).filter((m): m is SseMessage => m !== null), rest };
}

/** Every event of a whole body, in order; an unterminated last block is no event, as in a browser. */
export function parseSseMessages(body: string): SseMessage[] {
  return takeEvents(body).events;
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

/** Yields each event as soon as its block is complete, from a fetch response body. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = '';
  // Node's web streams are async iterable; the DOM typings this project compiles with do not say so.
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const taken = takeEvents(buffer);
    buffer = taken.rest;
    yield* taken.events;
  }
}

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
