import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../fakes/s3-server';
import { spawnGenie, startGenieProcess, stopGenie, tempDir } from '../reliability/support/genie-process';
import { newAccount, postJson, signUpOverHttp } from '../reliability/support/http';

/**
 * A local model in Genie started as `npm start` starts it (its own process): a bad model setting
 * stops start with one sentence, and a chat answered by the model in the file opens no connection
 * at all, not even to loopback.
 */
const MODEL = resolve('tests/fixtures/genie-tiny.gguf');
const RECORDER = fileURLToPath(new URL('../reliability/support/egress-recorder.mjs', import.meta.url));

type Entry =
  | { pid: number; kind: 'start'; entry: string }
  | { pid: number; kind: 'tcp'; host: string; port: number }
  | { pid: number; kind: 'dns'; host: string }
  | { pid: number; kind: 'ipc'; path: string };

describe('starting Genie with a local model', () => {
  const data = tempDir('genie-local-');
  afterAll(() => data.remove());

  /** Starts Genie expecting it to refuse: its exit code and everything it printed. */
  async function refusedStart(env: Record<string, string>) {
    const genie = spawnGenie({ DATA_DIR: join(data.dir, 'refused'), ...env });
    const exit = await genie.exited;
    return { code: exit.code, output: genie.output().trim() };
  }

  it('stops with one sentence naming the setting when the model file does not exist', async () => {
    const missing = join(data.dir, 'no-such-model.gguf');
    expect(await refusedStart({ GENIE_MODEL_GINA: `local:${missing}` })).toEqual({
      code: 1,
      output: `GENIE_MODEL_GINA: the model file ${missing} cannot be read (there is no such file).`,
    });
  });

  it('stops with one sentence naming the setting when the file is not a GGUF model', async () => {
    const corrupt = join(data.dir, 'corrupt.gguf');
    writeFileSync(corrupt, 'this is a text file, not a model '.repeat(100));
    const { code, output } = await refusedStart({ GENIE_MODEL_DEFAULT: `local:${corrupt}` });
    expect(code).toBe(1);
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toMatch(new RegExp(`^GENIE_MODEL_DEFAULT: the model file ${corrupt.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not a GGUF model llama\\.cpp can read \\(.+\\)\\.$`));
  });

  it('answers a chat from the file while connecting to nothing but its configured store', async () => {
    const logPath = join(data.dir, 'egress.jsonl');
    // A store on loopback, which /api/health pings: the one connection Genie is expected to make,
    // proof that the recorder sees connections at all.
    const s3 = await startFakeS3();
    const genie = await startGenieProcess({
      DATA_DIR: join(data.dir, 'data'),
      ...s3.env,
      GENIE_MODEL_DEFAULT: `local:${MODEL}`,
      LOCAL_MODEL_THREADS: '1',
      LOCAL_MODEL_CONTEXT: '1024',
      GENIE_EGRESS_LOG: logPath,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${RECORDER}`.trim(),
    });
    try {
      const cookie = await signUpOverHttp(genie.url, newAccount('local'));
      const chat = await postJson(`${genie.url}/api/chat`, { message: 'What does barb mean?' }, { cookie });
      expect(chat.status).toBe(200);
      const reply = (await chat.json()) as { status: string; content: string };
      expect(reply.status).toBe('complete');
      expect(reply.content.length).toBeGreaterThan(0);
      const health = (await (await fetch(`${genie.url}/api/health`)).json()) as { localModels: Array<{ state: string }> };
      expect(health.localModels.map((m) => m.state)).toEqual(['loaded']);
    } finally {
      await stopGenie(genie);
      await s3.close();
    }
    expect(existsSync(logPath)).toBe(true);
    const entries = readFileSync(logPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Entry);
    // The recorder ran in the model's own process too (local-model-process.ts), so it is watched as well.
    const started = entries.filter((e): e is Extract<Entry, { kind: 'start' }> => e.kind === 'start');
    expect(started.filter((e) => /local-model-process\.[jt]s$/.test(e.entry))).toHaveLength(1);
    const storePort = Number(new URL(s3.env.S3_ENDPOINT!).port);
    const tcp = entries.filter((e): e is Extract<Entry, { kind: 'tcp' }> => e.kind === 'tcp');
    expect(tcp.length).toBeGreaterThan(0);
    // Everything else (the model in its process, the embedded database) is on this machine: nothing else is reached.
    expect(tcp.filter((e) => e.host !== '127.0.0.1' || e.port !== storePort).map((e) => `${e.host}:${e.port}`)).toEqual([]);
    // No name looked up but the store's own loopback address.
    expect(entries.filter((e) => e.kind === 'dns' && e.host !== '127.0.0.1').map((e) => (e as { host: string }).host)).toEqual([]);
  });
});
