import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatReply } from '@contract/chat';
import type { ConversationDetail } from '@contract/conversations';
import { personaOrDefault } from '@contract/personas';
import type { ToastData } from '@/components/ui/use-toast';
import { conversationQueryOptions } from '../api/get-conversation';
import { fromStored, type ChatMessage } from '../lib/chat-message';
import { createPreviewStore, type Preview } from '../lib/preview-store';
import { createToolActivityStore } from '../lib/tool-activity-store';
import type { ExchangeContext, UpgradeNotice } from './exchange-context';
import { runExchange, type ExchangeArgs } from './run-exchange';
import { stopExchange } from './stop-exchange';

/** The chat server's side of one test: POST /api/chat answers a stream the test writes event by event. */
function fakeServer() {
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const stored = new Map<string, ConversationDetail>();
  const requests: { method: string; url: string; body: unknown }[] = [];
  let stopAnswer = { stopped: 0, conversationId: null as string | null };
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const fetch = async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (method === 'POST' && url === '/api/chat') {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) });
      init.signal?.addEventListener('abort', () => stream.error(new DOMException('The operation was aborted.', 'AbortError')));
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (method === 'POST' && url === '/api/chat/stop') return json(stopAnswer);
    const detail = stored.get(url.replace('/api/conversations/', ''));
    return detail ? json(detail) : new Response('{"error":"Conversation not found"}', { status: 404 });
  };
  return {
    fetch,
    requests,
    stored,
    send(event: string, data: unknown) {
      stream.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    answerStop(conversationId: string) {
      stopAnswer = { stopped: 1, conversationId };
    },
  };
}

/** The chat screen's state as the exchange's steps leave it, with no React. */
function fakeScreen(shown: ChatMessage[]) {
  const state = {
    messages: shown,
    conversationId: null as string | null,
    upgradeNotice: null as UpgradeNotice | null,
    sending: true,
    toasts: [] as Omit<ToastData, 'id' | 'open'>[],
    failedText: [] as string[],
    previews: [] as (Preview | null)[],
  };
  const queryClient = new QueryClient();
  const preview = createPreviewStore();
  preview.subscribe(() => state.previews.push(preview.get()));
  const ctx: ExchangeContext = {
    queryClient,
    preview,
    toolActivity: createToolActivityStore(),
    setMessages: (next) => void (state.messages = typeof next === 'function' ? next(state.messages) : next),
    setConversationId: (id) => void (state.conversationId = id),
    setUpgradeNotice: (notice) => void (state.upgradeNotice = notice),
    setSending: (sending) => void (state.sending = sending),
    // As useChatSession's reload: the conversation as stored.
    async reload(id) {
      const detail = await queryClient.fetchQuery({ ...conversationQueryOptions(id), staleTime: 0 });
      state.messages = detail.messages.map(fromStored);
      state.conversationId = detail.conversation.id;
    },
    notify: (toast) => {
      state.toasts.push(toast);
      return String(state.toasts.length);
    },
    abortRef: { current: null },
    stoppingRef: { current: false },
    historyPendingRef: { current: false },
    projectRef: { current: null },
    latest: { current: { sending: true, onFailedText: (text) => void state.failedText.push(text) } },
  };
  return { ctx, state };
}

const speaker = personaOrDefault('default');
const userMessage: ChatMessage = { id: 'local-1', role: 'user', content: 'Say hello', timestamp: '2026-11-29T01:00:00.000Z' };
const sendArgs: ExchangeArgs = {
  content: 'Say hello',
  history: [],
  currentConversation: null,
  speaker,
  currentMode: 'chat',
  input: { text: 'Say hello', attachments: [], generateImage: false },
  typed: 'Say hello',
  localUserId: 'local-1',
};
const done: ChatReply = { content: 'Hello there', image: null, conversationId: 'c1', messageId: 'm2', userMessageId: 'm1', responseTime: 120, status: 'complete' };
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 10 });

describe('runExchange: the stream of POST /api/chat in, the chat screen out', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    vi.stubGlobal('requestAnimationFrame', (paint: FrameRequestCallback) => setTimeout(() => paint(performance.now()), 16));
    vi.stubGlobal('cancelAnimationFrame', (frame: number) => clearTimeout(frame));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a reply streamed in parts as it grows, then as one assistant message; the user message learns its stored id', async () => {
    const { ctx, state } = fakeScreen([userMessage]);
    const exchange = runExchange(ctx, sendArgs);
    await until(() => server.requests.length === 1);
    expect(server.requests[0]!.body).toEqual({ message: 'Say hello', messages: [], character: 'default', mode: 'chat', generateImage: false, projectId: null });
    server.send('delta', { text: 'Hello' });
    server.send('delta', { text: ' there' });
    await until(() => state.previews.some((p) => p?.phase === 'streaming' && p.text === 'Hello there'));
    server.send('done', done);
    await exchange;

    expect(state.messages).toEqual([
      { ...userMessage, serverId: 'm1' },
      {
        id: 'm2',
        serverId: 'm2',
        role: 'assistant',
        content: 'Hello there',
        timestamp: expect.any(String),
        image: null,
        responseTime: 120,
        status: 'complete',
        historyOmitted: undefined,
        citations: undefined,
        toolCalls: undefined,
        persona: 'default',
      },
    ]);
    expect(state.conversationId).toBe('c1');
    expect(state.previews.at(-1)).toBeNull();
    expect(state.sending).toBe(false);
    expect(ctx.latest.current.sending).toBe(false);
    expect(state.toasts).toEqual([]);
  });

  it('an error event gives SPEC §8\'s sentence in a destructive "Error" toast, takes the unsent message off, and gives its text back', async () => {
    const { ctx, state } = fakeScreen([userMessage]);
    const exchange = runExchange(ctx, sendArgs);
    await until(() => server.requests.length === 1);
    server.send('delta', { text: 'Hel' });
    server.send('error', { error: 'The model stopped answering.' });
    await exchange;

    expect(state.toasts).toEqual([{ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' }]);
    expect(state.messages).toEqual([]);
    expect(state.failedText).toEqual(['Say hello']);
    expect(state.previews.at(-1)).toBeNull();
    expect(state.sending).toBe(false);
  });

  it('an error event for a kept message shows the same sentence and the conversation as stored (the message with Retry)', async () => {
    const { ctx, state } = fakeScreen([userMessage]);
    server.stored.set('c1', {
      conversation: { id: 'c1' },
      messages: [{ id: 'm1', role: 'user', content: 'Say hello', timestamp: '2026-11-29T01:00:01.000Z', status: 'failed', variants: { index: 1, count: 1, ids: ['m1'] } }],
    } as unknown as ConversationDetail); // only the fields the screen reads
    const exchange = runExchange(ctx, sendArgs);
    await until(() => server.requests.length === 1);
    server.send('error', { error: 'The model stopped answering.', conversationId: 'c1', userMessageId: 'm1' });
    await exchange;

    expect(state.toasts).toEqual([{ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' }]);
    expect(state.messages.map((m) => [m.serverId, m.content, m.status])).toEqual([['m1', 'Say hello', 'failed']]);
    expect(state.conversationId).toBe('c1');
  });

  it('a stop keeps the partial text: no failure is told, and the screen shows the reply as the server stored it', async () => {
    const { ctx, state } = fakeScreen([userMessage]);
    server.stored.set('c1', {
      conversation: { id: 'c1' },
      messages: [
        { id: 'm1', role: 'user', content: 'Say hello', timestamp: '2026-11-29T01:00:01.000Z', status: 'complete', variants: { index: 1, count: 1, ids: ['m1'] } },
        { id: 'm2', role: 'assistant', content: 'Hel', timestamp: '2026-11-29T01:00:02.000Z', status: 'stopped', variants: { index: 1, count: 1, ids: ['m2'] } },
      ],
    } as unknown as ConversationDetail); // only the fields the screen reads
    server.answerStop('c1');
    const exchange = runExchange(ctx, sendArgs);
    await until(() => server.requests.length === 1);
    server.send('delta', { text: 'Hel' });
    await until(() => state.previews.some((p) => p?.phase === 'streaming' && p.text === 'Hel'));

    const stopping = { current: false };
    ctx.stoppingRef = stopping;
    await stopExchange(ctx, stopping, () => null);
    await exchange;

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/chat', 'POST /api/chat/stop', 'GET /api/conversations/c1']);
    expect(state.messages.map((m) => [m.serverId, m.role, m.content, m.status])).toEqual([
      ['m1', 'user', 'Say hello', 'complete'],
      ['m2', 'assistant', 'Hel', 'stopped'],
    ]);
    expect(state.toasts).toEqual([]);
    expect(state.failedText).toEqual([]);
    expect(state.previews.at(-1)).toBeNull();
    expect(state.sending).toBe(false);
  });
});
