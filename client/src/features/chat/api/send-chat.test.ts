import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatSendError, streamChat } from './send-chat';

/** The server's stream: one delta, then an `error` event carrying `code`. */
function streamEndingIn(error: { error: string; code?: string }) {
  const body = `event: delta\ndata: {"text":"Hel"}\n\nevent: error\ndata: ${JSON.stringify(error)}\n\n`;
  vi.stubGlobal('fetch', async () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
}

async function failureOf(error: { error: string; code?: string }) {
  streamEndingIn(error);
  const failure = await streamChat({ message: 'Hello' }, { onDelta: () => {} }).catch((caught: unknown) => caught);
  expect(failure).toBeInstanceOf(ChatSendError);
  const { kind, message } = failure as ChatSendError;
  return { kind, message };
}

afterEach(() => vi.unstubAllGlobals());

describe("streamChat: a stream's error event", () => {
  it('premium_required asks for an upgrade', async () => {
    expect(await failureOf({ error: 'Legal mode needs Premium.', code: 'premium_required' })).toEqual({
      kind: 'premium_required',
      message: 'Legal mode needs Premium.',
    });
  });

  it.each(['rate_limited', 'allowance_exhausted'])('%s is a limit to wait out', async (code) => {
    expect(await failureOf({ error: 'Try again at 14:00.', code })).toEqual({ kind: 'limited', message: 'Try again at 14:00.' });
  });

  it("forbidden is the team policy's refusal, with its sentence (issue 43)", async () => {
    const sentence = 'Your team does not allow Legal mode. The team owner or an admin can change this on the Team page.';
    expect(await failureOf({ error: sentence, code: 'forbidden' })).toEqual({ kind: 'refused', message: sentence });
  });

  it.each(['provider_failed', 'no_such_code', undefined])('%s is a plain failure', async (code) => {
    expect(await failureOf({ error: 'The model did not answer.', code })).toEqual({ kind: 'failed', message: 'The model did not answer.' });
  });
});

describe("streamChat: a long task's progress events", () => {
  it('passes each progress text on, in order, apart from the reply text', async () => {
    const done = { content: 'Done.', image: null, conversationId: 'c1', messageId: 'm1', userMessageId: 'u1', responseTime: 5 };
    const body = [
      'event: progress\ndata: {"text":"Reading part 1 of 2 of \\"a.pdf\\"…"}\n\n',
      'event: progress\ndata: {"text":"Joining the notes of 2 parts…"}\n\n',
      'event: delta\ndata: {"text":"Done."}\n\n',
      `event: done\ndata: ${JSON.stringify(done)}\n\n`,
    ].join('');
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    const progress: string[] = [];
    let text = '';
    const reply = await streamChat({ message: 'Summarise this' }, { onDelta: (t) => (text += t), onProgress: (t) => progress.push(t) });
    expect(progress).toEqual(['Reading part 1 of 2 of "a.pdf"…', 'Joining the notes of 2 parts…']);
    expect(text).toBe('Done.');
    expect(reply.content).toBe('Done.');
  });
});
