import { describe, expect, it } from 'vitest';
import { readSse, type SseEvent } from './sse';

/** A body that arrives in the given pieces, as a network would cut it. */
function bodyOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function eventsOf(pieces: string[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSse(bodyOf(pieces))) events.push(event);
  return events;
}

describe('readSse', () => {
  it('reads named events cut anywhere, with CRLF or LF, skipping comments', async () => {
    const events = await eventsOf(['event: del', 'ta\r\ndata: {"text":"Hel', 'lo"}\r\n\r\n: keep-alive\n\n', 'data: plain\ndata: two lines\n\nevent: done\ndata: {}\n\n']);
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"Hello"}' },
      { event: 'message', data: 'plain\ntwo lines' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('drops an unterminated last block, as a browser does', async () => {
    expect(await eventsOf(['event: delta\ndata: {"text":"a"}\n\nevent: done\ndata: {"cut":'])).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
  });
});
