/**
 * Issue 40's figures. (a) First-token overhead of the OpenAI-compatible `/v1/chat/completions`
 * (stream, API key) against the browser's `POST /api/chat` (SSE, cookie): the same chat through
 * the same Genie and the same fake model server, so the difference is what `/v1` adds; at 1 and
 * at 20 at once, timed in alternation; at 20 also in one burst of both doors, which judges the
 * 2 ms target under the same load on both sides. (b) One MCP tool round trip through Genie (a JSON chat in
 * which the model calls the filesystem server's read_text_file, then answers from its result)
 * against the same work minus Genie: the model's call, the tool called straight over the SDK's
 * client, the model's second call.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { filesystemMcpServer } from '../tests/support/mcp-filesystem';
import { readSse } from '../tests/support/sse';
import { spawnGenie, tempDir } from '../tests/reliability/support/genie-process';
import { newAccount, postJson, signUpOverHttp } from '../tests/reliability/support/http';
import { alternate, loadNow, showSpread } from './lib/alternate';
import { ensureCompiledServer, spawnTsx, stop } from './lib/processes';
import { median, report, round, scaled } from './lib/report';
import { timeStream, type StreamTiming } from './lib/streams';

const AT_ONCE = 20;
const ROUNDS = scaled(15, 3);
const SEQUENTIAL_PAIRS = scaled(30, 5);
const MIXED_ROUNDS = scaled(30, 3);
const pause = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

const fake = spawnTsx('tests/fakes/fake-model-server.ts', ['--port', '0'], /FAKE_MODEL_SERVER_URL=(\S+)/);
const fakeUrl = (await fake.matched)[1]!;
const fakeAdmin = fakeUrl.replace(/\/v1$/, '/__fake');
const fs = filesystemMcpServer('fs');
const notePath = join(fs.dir, 'note.txt');
writeFileSync(notePath, 'The secret word is zephyr.');
await ensureCompiledServer();

const data = tempDir('genie-bench-api-');
const genie = spawnGenie(
  {
    DATA_DIR: data.dir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
    GENIE_MODEL_TITLES: 'false',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
    MCP_SERVERS: fs.setting,
  },
  180_000,
  { compiled: true },
);
const mcp = new Client({ name: 'bench', version: '1.0.0' });
try {
  const url = await genie.ready;
  const cookie = await signUpOverHttp(url, newAccount('benchapi'));
  const created = await postJson(`${url}/api/api-keys`, { name: 'bench' }, { cookie });
  const { key } = (await created.json()) as { key: string };

  // (a) Both doors offer the same tools (the filesystem server's) and the fake answers plainly.
  const viaChat = () =>
    timeStream(`${url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie }, body: JSON.stringify({ message: 'hello' }) }, (m) => m.event === 'delta');
  const viaV1 = () =>
    timeStream(
      `${url}/v1/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ model: 'default', stream: true, messages: [{ role: 'user', content: 'hello' }] }) },
      (m) => /"content":"[^"]/.test(m.data),
    );

  const one = { chat: [] as number[], v1: [] as number[] };
  for (let i = 0; i < 3; i++) await Promise.all([viaChat(), viaV1()].map((p) => p.then(() => pause())));
  for (let i = 0; i < SEQUENTIAL_PAIRS; i++) {
    const order = i % 2 === 0 ? (['chat', 'v1'] as const) : (['v1', 'chat'] as const);
    for (const side of order) {
      await pause();
      one[side].push((await (side === 'chat' ? viaChat() : viaV1())).firstTokenMs);
    }
  }
  const oneOverheads = one.v1.map((v, i) => v - one.chat[i]!);
  report({
    figure: 'API (issue 40), 1 at a time: /v1/chat/completions first-token overhead against POST /api/chat',
    baseline: `POST /api/chat: first token ${round(median(one.chat), 1)} ms (median of ${SEQUENTIAL_PAIRS}, alternated)`,
    measured: `/v1/chat/completions: ${round(median(one.v1), 1)} ms; overhead per pair ${round(median(oneOverheads), 1)} ms (${round(Math.min(...oneOverheads), 1)} to ${round(Math.max(...oneOverheads), 1)})`,
    ratio: round(median(one.v1) / median(one.chat)),
    target: 'overhead within 2 ms',
    met: median(oneOverheads) <= 2,
    gap: "/v1 hashes the key (SHA-256) and finds it in the key cache with its team's API switch (a statement every 2 s, as a session's), parses the OpenAI body and re-frames each delta as an OpenAI chunk (a role chunk first); the chat itself is the same call. Statements per request are equal (bench/profile/api-first-token.ts).",
  });

  const firsts = { chat: [] as number[], v1: [] as number[] };
  const atOnce = async (run: () => Promise<StreamTiming>, into: number[]) => {
    const timings = await Promise.all(Array.from({ length: AT_ONCE }, run));
    into.push(median(timings.map((t) => t.firstTokenMs)));
    await pause(200);
    return median(timings.map((t) => t.firstTokenMs));
  };
  const many = await alternate({ rounds: ROUNDS, baseline: () => atOnce(viaChat, firsts.chat), measured: () => atOnce(viaV1, firsts.v1) });
  const manyOverheads = firsts.v1.slice(1).map((v, i) => v - firsts.chat[i + 1]!);
  report({
    figure: `API (issue 40), ${AT_ONCE} at once: /v1/chat/completions first-token overhead against POST /api/chat`,
    baseline: `POST /api/chat: first token ${showSpread(many.baseline)} (median of each round, ${ROUNDS} alternated rounds; load ${many.load})`,
    measured: `/v1/chat/completions: ${showSpread(many.measured)}; overhead per round ${round(median(manyOverheads), 1)} ms (${round(Math.min(...manyOverheads), 1)} to ${round(Math.max(...manyOverheads), 1)})`,
    ratio: round(many.ratio.median),
    target: 'overhead within 2 ms',
    met: median(manyOverheads) <= 2,
    gap: 'As at 1: the key hash and cache look-up, the body parse and the chunk framing, per request, on 2 cores shared with the client and the fake.',
  });

  // The same 20 at once, both doors in one burst: 10 through each, launched alternately (which door
  // goes first swaps each round), so both meet the same moment's event loop, database queue and
  // machine. Separate bursts (above) differ from round to round by tens of milliseconds whatever
  // door they use, which a 2 ms target cannot be judged through; here each round's overhead is the
  // difference of two medians taken under the same load.
  const mixedOverheads: number[] = [];
  const mixedSides = { chat: [] as number[], v1: [] as number[] };
  const loadsMixed: number[] = [];
  for (let round_ = -1; round_ < MIXED_ROUNDS; round_++) {
    const doors = Array.from({ length: AT_ONCE }, (_, i) => ((i + round_) % 2 === 0 ? 'chat' : 'v1') as 'chat' | 'v1');
    const timings = await Promise.all(doors.map((door) => (door === 'chat' ? viaChat() : viaV1()).then((t) => ({ door, ms: t.firstTokenMs }))));
    await pause(200);
    if (round_ < 0) continue; // a warm-up burst
    const of = (door: 'chat' | 'v1') => median(timings.filter((t) => t.door === door).map((t) => t.ms));
    mixedSides.chat.push(of('chat'));
    mixedSides.v1.push(of('v1'));
    mixedOverheads.push(of('v1') - of('chat'));
    loadsMixed.push(loadNow());
  }
  report({
    figure: `API (issue 40), ${AT_ONCE} at once in one burst (${AT_ONCE / 2} through each door, interleaved): /v1/chat/completions first-token overhead against POST /api/chat`,
    baseline: `POST /api/chat: first token ${round(median(mixedSides.chat), 1)} ms (median of each burst's ${AT_ONCE / 2}, ${MIXED_ROUNDS} bursts; load ${Math.min(...loadsMixed)}-${Math.max(...loadsMixed)})`,
    measured: `/v1/chat/completions: ${round(median(mixedSides.v1), 1)} ms; overhead per burst ${round(median(mixedOverheads), 1)} ms (${round(Math.min(...mixedOverheads), 1)} to ${round(Math.max(...mixedOverheads), 1)})`,
    ratio: round(median(mixedSides.v1) / median(mixedSides.chat)),
    target: 'overhead within 2 ms',
    met: median(mixedOverheads) <= 2,
    gap: 'Measured under the same load as /api/chat, so what is left is /v1 itself: the key look-up, the body parse and the chunk framing per request.',
  });

  // (b) — a tool round trip.
  const toolCall = [{ kind: 'tool_calls', calls: [{ name: 'fs__read_text_file', arguments: { path: notePath } }] }];
  const queue = () => postJson(`${fakeAdmin}/queue`, toolCall);
  const readStream = async (response: Response) => {
    let text = '';
    for await (const m of readSse(response.body!)) text += m.data;
    return text;
  };
  const throughGenie = async () => {
    await queue();
    const started = performance.now();
    const response = await postJson(`${url}/api/chat`, { message: 'What is the secret word?' }, { cookie });
    const reply = (await response.json()) as { content: string };
    const ms = performance.now() - started;
    if (reply.content !== 'Fake reply from tool: The secret word is zephyr.') throw new Error(`unexpected reply: ${JSON.stringify(reply)}`);
    return ms;
  };
  await mcp.connect(new StdioClientTransport({ command: process.execPath, args: JSON.parse(fs.setting)[0].args as string[] }));
  const direct = async () => {
    await queue();
    const started = performance.now();
    const ask = (messages: unknown[]) => postJson(`${fakeUrl}/chat/completions`, { model: 'fake-model', stream: true, messages, tools: [{ type: 'function', function: { name: 'fs__read_text_file', parameters: {} } }] });
    const user = { role: 'user', content: 'What is the secret word?' };
    await readStream(await ask([user]));
    const result = await mcp.callTool({ name: 'read_text_file', arguments: { path: notePath } });
    const text = (result.content as { text: string }[])[0]!.text;
    const call = { id: 'call_fake_0', type: 'function', function: { name: 'fs__read_text_file', arguments: JSON.stringify({ path: notePath }) } };
    await readStream(await ask([user, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: 'call_fake_0', content: text }]));
    return performance.now() - started;
  };
  // The filesystem server connects in the background: wait until a chat is offered its tool.
  for (let attempt = 1; ; attempt++) {
    const ready = await throughGenie().then(() => true, () => false);
    if (ready) break;
    if (attempt === 60) throw new Error('the MCP filesystem server never became ready in Genie');
    await pause(500);
  }
  const tool = await alternate({ rounds: scaled(30, 5), baseline: direct, measured: throughGenie, warmup: 3 });
  const toolOverhead = tool.measured.median - tool.baseline.median;
  report({
    figure: 'MCP tool in chat (issue 40): one read-only tool round trip through Genie against the same calls made directly',
    baseline: `model call, tool over the SDK's stdio client, model call: ${showSpread(tool.baseline)} (load ${tool.load})`,
    measured: `Genie JSON chat making the same calls: ${showSpread(tool.measured)}; ratio per round ${showSpread(tool.ratio, '', 2)}`,
    ratio: round(tool.ratio.median),
    target: 'reported (no target in the issue)',
    met: true,
    gap: `Genie adds ${round(toolOverhead, 1)} ms at the median: the chat's start and finish statements, the team policy and turned-off tools read before offering, the audit row, and the tools' definitions in both model requests.`,
  });
} finally {
  await mcp.close().catch(() => undefined);
  genie.kill('SIGTERM');
  await genie.exited;
  data.remove();
  fs.remove();
  await stop(fake.child);
}
