import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProviderEnv } from '../fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../fakes/fake-model-server';
import { startFakeS3, type FakeS3 } from '../fakes/s3-server';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { uploadBytes } from './support/files';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { newAccount, postJson, signUpOverHttp, waitFor } from './support/http';

const RECORDER = fileURLToPath(new URL('./support/egress-recorder.mjs', import.meta.url));
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '::ffff:127.0.0.1']);

type Entry = { pid: number; kind: 'tcp'; host: string; port: number } | { pid: number; kind: 'dns'; host: string } | { pid: number; kind: 'ipc'; path: string };

/**
 * The privacy promise, proven: Genie started as a process with a model provider, an S3 store and
 * SMTP, all on loopback, is driven through sign-up, chat, upload, export and erasure while a
 * preload records every outbound connection and name lookup it (and its worker processes) make.
 * Any connection to an address that is not one of those configured fails the test.
 */
describe('egress guard: Genie talks only to what it is configured to', () => {
  let model: FakeModelServer;
  let s3: FakeS3;
  let smtp: SmtpInbox;
  const data = tempDir('genie-egress-');
  const logPath = join(data.dir, 'egress.jsonl');

  beforeAll(async () => {
    [model, s3, smtp] = await Promise.all([startFakeModelServer(), startFakeS3(), startSmtpInbox()]);
  });
  afterAll(async () => {
    await Promise.all([model?.close(), s3?.close(), smtp?.close()]);
    data.remove();
  });

  it('opens connections only to the configured provider, store and mail server', async () => {
    const genie = await startGenieProcess({
      DATA_DIR: join(data.dir, 'data'),
      ...fakeProviderEnv(model.url),
      ...s3.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Genie <genie@example.com>',
      GENIE_EGRESS_LOG: logPath,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${RECORDER}`.trim(),
    });
    try {
      const base = genie.url;
      const account = newAccount('egress');
      const cookie = await signUpOverHttp(base, account);

      const chat = await postJson(`${base}/api/chat`, { message: 'Say hello' }, { cookie });
      expect(chat.status).toBe(200);
      expect(model.requests.length).toBeGreaterThan(0);

      const uploaded = await uploadBytes(base, cookie, { name: 'note.txt', type: 'text/plain', bytes: Buffer.from('kept on loopback') });
      expect(uploaded.size).toBe(16);

      const started = await postJson(`${base}/api/user/export`, {}, { cookie });
      expect(started.status).toBe(202);
      const exportId = ((await started.json()) as { id: string }).id;
      await waitFor(
        async () => {
          const list = (await (await fetch(`${base}/api/user/exports`, { headers: { cookie } })).json()) as { exports: { id: string; status: string }[] };
          return list.exports.some((e) => e.id === exportId && e.status === 'ready');
        },
        60_000,
        'the export to be ready',
      );
      const zip = await JSZip.loadAsync(Buffer.from(await (await fetch(`${base}/api/user/export/${exportId}`, { headers: { cookie } })).arrayBuffer()));
      expect(await zip.file('files/note.txt')!.async('string')).toBe('kept on loopback');

      const erased = await fetch(`${base}/api/user`, { method: 'DELETE', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ password: account.password }) });
      expect(await erased.json()).toEqual({ status: 'erased' });
    } finally {
      await stopGenie(genie);
    }

    expect(existsSync(logPath)).toBe(true);
    const entries = readFileSync(logPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Entry);
    const port = (url: string) => Number(new URL(url).port);
    const configured = new Set([port(model.url), port(s3.env.S3_ENDPOINT!), port(smtp.url)]);

    const tcp = entries.filter((e): e is Extract<Entry, { kind: 'tcp' }> => e.kind === 'tcp');
    // The recorder saw real traffic: the provider and the store were reached through it.
    expect(tcp.some((e) => e.port === port(model.url))).toBe(true);
    expect(tcp.some((e) => e.port === port(s3.env.S3_ENDPOINT!))).toBe(true);

    const unexpected = tcp.filter((e) => !LOOPBACK.has(e.host) || !configured.has(e.port)).map((e) => `${e.host}:${e.port}`);
    expect(unexpected).toEqual([]);
    const lookups = entries.filter((e): e is Extract<Entry, { kind: 'dns' }> => e.kind === 'dns' && !LOOPBACK.has(e.host)).map((e) => e.host);
    expect(lookups).toEqual([]);
  });
});
