import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { ManualClock } from '../../lib/clock';
import { minimalPdf, storeUserFile } from '../../../tests/fakes/chat-helpers';
import { parseSse } from '../../../tests/support/sse';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { IMAGE_NOT_SET_UP } from './chat-images';

/** With no provider configured the offline engine answers, honestly; limits apply all the same. */
describe('chat with no model provider (the offline engine)', () => {
  let t: TestApp;
  let store: LocalDiskStore;
  let storeDir: string;
  let cookie: string;
  let userId: string;
  const clock = new ManualClock(new Date('2026-03-10T10:00:00Z'));

  beforeAll(async () => {
    storeDir = mkdtempSync(join(tmpdir(), 'genie-offline-store-'));
    store = new LocalDiskStore(storeDir);
    t = await createTestApp({
      env: { CHAT_RATE_LIMIT_PER_MINUTE: '3', CHAT_DAILY_MESSAGES_FREE: '8' },
      deps: { objectStore: store, clock },
    });
    ({ cookie, user: { id: userId } } = await signUp(t.app));
  });
  afterAll(async () => {
    await t.close();
    rmSync(storeDir, { recursive: true, force: true });
  });

  const chat = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
    clock.advance(61_000); // a fresh minute each time, so only the rate-limit test meets the limit
    return t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie, ...headers }, payload });
  };

  it('says "Offline" for every persona', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/personas' });
    expect(response.json().personas.map((p: { model: string }) => p.model)).toEqual(['Offline', 'Offline', 'Offline', 'Offline']);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().checks.models).toBe('offline');
  });

  it('answers a real word in dictionary mode from WordNet, streamed', async () => {
    const response = await chat({ message: 'What does ephemeral mean?', mode: 'dictionary' }, { accept: 'text/event-stream' });
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'done']);
    const content = events[1]!.data.content as string;
    expect(content).toContain('## ephemeral');
    expect(content).toContain('1. lasting a very short time');
    expect(content).toContain('Synonyms: passing, short-lived, transient, transitory, fugacious');
    expect(content).toContain('_Source: WordNet 3.1. WordNet has no pronunciations or etymologies._');
  });

  it('suggests the intended word for a misspelling', async () => {
    const content = (await chat({ message: 'serendipty', mode: 'dictionary' })).json().content as string;
    expect(content.startsWith('"serendipty" is not in WordNet. Did you mean **serendipity**, **serenity**?')).toBe(true);
    expect(content).toContain('good luck in making unexpected and fortunate discoveries');
  });

  it('answers chat honestly that no model is connected and how to connect one', async () => {
    const reply = (await chat({ message: 'Write me a poem', character: 'gina' })).json();
    expect(reply.content).toContain('✨ **Gina is offline.** No AI model is connected yet; ask your administrator.');
    // Operator settings are for the README and the admin System tab, never for end users (issue 18).
    for (const setting of ['OPENAI_API_KEY', 'OLLAMA_BASE_URL', 'GENIE_MODEL_', 'README']) expect(reply.content).not.toContain(setting);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/conversations/${reply.conversationId}`, headers: { cookie } })).json();
    expect(detail.messages[1]).toMatchObject({ role: 'assistant', model: 'offline', status: 'complete' });
  });

  it('summarises an attached document with its facts', async () => {
    const pdf = await storeUserFile(t.database.db, store, userId, {
      name: 'policy.pdf',
      type: 'application/pdf',
      bytes: minimalPdf(['Remote work policy', 'Employees may work remotely up to three days each week.', 'Managers approve remote work schedules every quarter.']),
    });
    const content = (await chat({ message: 'Summarise this', attachments: [{ url: pdf.id, name: 'policy.pdf', type: 'application/pdf', size: pdf.size }] })).json()
      .content as string;
    expect(content).toContain('### policy.pdf');
    expect(content).toContain('1 page · ');
    expect(content).toContain('Employees may work remotely up to three days each week.');
    expect(content).toContain('_Answered offline, without a language model._');
  });

  it('says image generation is not set up when GENIE_IMAGE_MODEL is unset', async () => {
    const reply = (await chat({ message: 'draw a cat', generateImage: true })).json();
    expect(reply.image).toBeNull();
    expect(reply.content.endsWith(IMAGE_NOT_SET_UP)).toBe(true);
  });

  it('answers the per-minute rate limit with 429 and when it resets', async () => {
    clock.advance(61_000);
    const send = () => t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'hello' } });
    expect((await send()).statusCode).toBe(200);
    clock.advance(10_000);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'You are sending messages too quickly (3 a minute). Try again in 50 seconds.', code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBe('50');
  });

  it('answers an exhausted daily allowance with 429 until midnight UTC', async () => {
    // Eight messages were sent today above; the free allowance is 8.
    clock.set(new Date('2026-03-10T20:30:00Z'));
    const limited = await chat({ message: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'You have used all 8 messages of your daily allowance. It resets at midnight UTC (in about 4 hours); Premium raises it.',
      code: 'allowance_exhausted',
    });
    clock.set(new Date('2026-03-11T00:00:01Z'));
    expect((await chat({ message: 'a new day' })).statusCode).toBe(200);
  });
});
