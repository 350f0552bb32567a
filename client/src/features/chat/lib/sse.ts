import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (default "message") and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body event by event as the bytes arrive (never buffering the whole
 * reply), framed by eventsource-parser (the server's model adapters read providers with it too).
 * An unterminated last block is no event, as in a browser's EventSource.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const ready: SseEvent[] = [];
  const parser = createParser({ onEvent: (message) => ready.push({ event: message.event ?? 'message', data: message.data }) });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      yield* ready.splice(0);
    }
  } finally {
    reader.releaseLock();
  }
}
