import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { spawnGenie, stopGenie, tempDir, type GenieProcess } from './genie-process';
import { newAccount, signUpOverHttp } from './http';
import { openChatStream } from './chat-stream';

/**
 * Keeps `concurrent` streamed chats open at every moment for `seconds` against the fake model
 * server (in its own process, as a real provider is). Streams start spread over `rampSeconds`, as
 * users arrive; the steady state after it is what gets measured. Used by the reliability test (no
 * errors, memory capped) and by bench/chat-load.bench.ts (event-loop delay, memory growth).
 */
export interface ChatLoadResult {
  completed: number;
  errors: string[];
  /** Resident memory of the server, sampled every 100 ms after the ramp, in MB. */
  rssMb: number[];
  /** Latency of GET /api/personas (no database, no model) sent every 100 ms after the ramp, in ms. */
  probeMs: number[];
  exitCode: number | null;
}

const rssMbOf = (genie: GenieProcess) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${genie.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export interface ChatLoadOptions {
  concurrent: number;
  seconds: number;
  rampSeconds: number;
  words: number;
  tokenDelayMs: number;
  /** Run dist/server/main.js with npm start's Node flags (build it first) instead of the source under tsx. */
  compiled?: boolean;
}

export async function runChatLoad(options: ChatLoadOptions): Promise<ChatLoadResult> {
  const data = tempDir('genie-load-');
  const reply = Array.from({ length: options.words }, (_, i) => `w${i}`).join(' ');
  const fake = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/fake-model-server.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const fakeUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      fake.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /FAKE_MODEL_SERVER_URL=(\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      fake.on('exit', (code) => reject(new Error(`fake model server exited ${code}`)));
    });
    await fetch(fakeUrl.replace(/\/v1$/, '/__fake/behaviour'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'slow', tokenDelayMs: options.tokenDelayMs, reply }),
    });
    const spawned = spawnGenie({
      DATA_DIR: data.dir,
      OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
      // Every stream opens a new conversation; the title calls are not the load measured here.
      GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
      GENIE_MODEL_TITLES: 'false',
      CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
      CHAT_DAILY_MESSAGES_FREE: '1000000',
    }, 90_000, { compiled: options.compiled ?? false });
    const genie = { ...spawned, url: await spawned.ready };
    const cookies: string[] = [];
    for (let i = 0; i < 10; i++) cookies.push(await signUpOverHttp(genie.url, newAccount(`load${i}`)));

    const rampEnd = Date.now() + options.rampSeconds * 1000;
    const deadline = rampEnd + options.seconds * 1000;
    const errors: string[] = [];
    let completed = 0;
    const chatter = async (index: number) => {
      await new Promise((resolve) => setTimeout(resolve, (index / options.concurrent) * options.rampSeconds * 1000));
      while (Date.now() < deadline) {
        try {
          const stream = await openChatStream(genie.url, cookies[index % cookies.length]!, { message: `load ${index}` });
          await stream.ended;
          const last = stream.events.at(-1);
          if (last?.event !== 'done' || (last.data as { content: string }).content !== reply) errors.push(`stream ${index}: ${JSON.stringify(last)}`);
          else completed++;
        } catch (error) {
          errors.push(`stream ${index}: ${(error as Error).message}`);
        }
      }
    };
    const probeMs: number[] = [];
    const rssMb: number[] = [];
    const sampler = async () => {
      await new Promise((resolve) => setTimeout(resolve, rampEnd - Date.now()));
      while (Date.now() < deadline) {
        const started = performance.now();
        const response = await fetch(`${genie.url}/api/personas`);
        await response.arrayBuffer();
        probeMs.push(performance.now() - started);
        rssMb.push(rssMbOf(genie));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all([...Array.from({ length: options.concurrent }, (_, i) => chatter(i)), sampler()]);
    const exit = await stopGenie(genie);
    return { completed, errors, rssMb, probeMs, exitCode: exit.code };
  } finally {
    fake.kill('SIGTERM');
    data.remove();
  }
}

export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
