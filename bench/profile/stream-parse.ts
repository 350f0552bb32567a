/**
 * CPU per streamed reply of the provider layer alone, in this process: the ai SDK's
 * OpenAI-compatible model (doStream, as model-stream.ts called it for every chat-completions
 * server until 2026-11-27), a plain fetch whose SSE is split by eventsource-parser and read with
 * JSON.parse, and Genie's own stream over node:http (server/adapters/llm/chat-completions.ts,
 * what model-stream.ts calls now). 20 replies at once of 20 tokens each from the fake model
 * server, alternated, several rounds. Not a .bench.ts file.
 *
 *   npx tsx bench/profile/stream-parse.ts
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createParser } from 'eventsource-parser';
import { ChatCompletionsModel, streamChatCompletions } from '../../server/adapters/llm/chat-completions';
import { startFakeModelServer } from '../../tests/fakes/fake-model-server';
import { median } from '../lib/report';

const fake = await startFakeModelServer({ behaviour: { kind: 'slow', tokenDelayMs: 5, reply: Array.from({ length: 20 }, (_, i) => `token${i}`).join(' ') } });
const model = createOpenAICompatible({ name: 'bench', baseURL: fake.url, includeUsage: true }).chatModel('fake-model');
const prompt = [{ role: 'system' as const, content: 'You are Genie.' }, { role: 'user' as const, content: [{ type: 'text' as const, text: 'hello' }] }];

async function viaSdk(): Promise<string> {
  const { stream } = await model.doStream({ prompt });
  const reader = stream.getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    if (value.type === 'text-delta') text += value.delta;
  }
}

async function viaFetch(): Promise<string> {
  const response = await fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake-model', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'system', content: 'You are Genie.' }, { role: 'user', content: 'hello' }] }),
  });
  let text = '';
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as { choices?: { delta?: { content?: string } }[] };
      text += chunk.choices?.[0]?.delta?.content ?? '';
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of response.body!) parser.feed(decoder.decode(bytes, { stream: true }));
  return text;
}

const genieModel = new ChatCompletionsModel(fake.url, 'fake-model');
async function viaGenie(): Promise<string> {
  const stream = streamChatCompletions(genieModel, {
    system: 'You are Genie.',
    history: [],
    user: [{ type: 'text', text: 'hello' }],
    signal: new AbortController().signal,
    onActivity: () => undefined,
  });
  let text = '';
  for (let next = await stream.next(); !next.done; next = await stream.next()) text += next.value;
  return text;
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const results = { sdk: [] as number[], fetch: [] as number[], genie: [] as number[] };
for (let round = 0; round < 12; round++) {
  for (const [name, run] of [['sdk', viaSdk], ['fetch', viaFetch], ['genie', viaGenie]] as const) {
    const before = cpuMs();
    const texts = await Promise.all(Array.from({ length: 20 }, run));
    if (texts.some((t) => !t.startsWith('token0'))) throw new Error(`${name} read ${texts[0]}`);
    if (round > 1) results[name].push((cpuMs() - before) / 20);
  }
}
console.log(`CPU ms per 20-token reply (median of 10 rounds of 20 at once; this process only, the fake server included): ai SDK ${median(results.sdk).toFixed(2)}, fetch + eventsource-parser ${median(results.fetch).toFixed(2)}, Genie's node:http stream ${median(results.genie).toFixed(2)}`);
await fake.close();
