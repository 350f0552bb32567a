import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProviderEnv } from '../fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../fakes/fake-model-server';
import { startFakeS3, type FakeS3 } from '../fakes/s3-server';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { uploadBytes } from './support/files';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { cookieOf, newAccount, postJson, signUpOverHttp, waitFor } from './support/http';
import { PERSONA_IDS } from '@contract/personas';

const RECORDER = fileURLToPath(new URL('./support/egress-recorder.mjs', import.meta.url));
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '::ffff:127.0.0.1']);

/** A port nobody listens on now, so the OIDC redirect URI can name Genie's address before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Entry = { pid: number; kind: 'tcp'; host: string; port: number } | { pid: number; kind: 'dns'; host: string } | { pid: number; kind: 'ipc'; path: string };

/**
 * The privacy promise, proven: Genie started as a process with a model provider (chat and image
 * model), an S3 store, SMTP and an OpenID provider, all on loopback, is driven through every
 * feature that could reach out: sign-up, single sign-on, chat on each of the four personas, image
 * generation, upload, indexing and search of the upload, a password reset mail, export and
 * erasure. A preload records every outbound connection and name lookup it (and its worker
 * processes) make; any connection to an address that is not one of those configured fails it.
 * Reading aloud and dictation (SPEC's TTS/STT) run in the browser (Web Speech API): Genie's server
 * has no route for them, so there is nothing of the server's to drive (README, Privacy).
 */
describe('egress guard: Genie talks only to what it is configured to', () => {
  let model: FakeModelServer;
  let s3: FakeS3;
  let smtp: SmtpInbox;
  let oidc: TestOidcProvider;
  let genieUrl: string;
  const data = tempDir('genie-egress-');
  const logPath = join(data.dir, 'egress.jsonl');

  beforeAll(async () => {
    genieUrl = `http://127.0.0.1:${await freePort()}`;
    [model, s3, smtp, oidc] = await Promise.all([
      startFakeModelServer(),
      startFakeS3(),
      startSmtpInbox(),
      startOidcProvider({ redirectUris: [`${genieUrl}/api/auth/oidc/callback`], accounts: { ana: { email: `ana${process.pid}@acme.test`, email_verified: true } } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([model?.close(), s3?.close(), smtp?.close(), oidc?.close()]);
    data.remove();
  });

  it('opens connections only to the configured provider, store, mail server and OpenID provider', async () => {
    const genie = await startGenieProcess({
      DATA_DIR: join(data.dir, 'data'),
      PORT: new URL(genieUrl).port,
      PUBLIC_URL: genieUrl,
      // Only what an operator sets: one provider; the other personas find it on their own.
      ...fakeProviderEnv(model.url, { GENIE_IMAGE_MODEL: 'openai-compatible:fake-image' }),
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
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

      // Chat on every persona: each reaches the configured provider and nothing else.
      for (const character of PERSONA_IDS) {
        const before = model.requests.length;
        const chat = await postJson(`${base}/api/chat`, { message: `Say hello, ${character}`, character }, { cookie });
        expect([character, chat.status]).toEqual([character, 200]);
        expect(model.requests.length).toBeGreaterThan(before);
      }

      // Image generation: the image model of the same provider draws, the store keeps it.
      const drawn = await postJson(`${base}/api/chat`, { message: 'a lamp on a desk', generateImage: true }, { cookie });
      expect(((await drawn.json()) as { image: string | null }).image).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/download$/);
      expect(model.requests.some((r) => r.path === '/v1/images/generations')).toBe(true);

      const uploaded = await uploadBytes(base, cookie, { name: 'note.txt', type: 'text/plain', bytes: Buffer.from('kept on loopback') });
      expect(uploaded.size).toBe(16);

      // Indexing (text extraction in its worker) and search of the upload.
      await waitFor(
        async () => {
          const found = (await (await fetch(`${base}/api/search?q=loopback`, { headers: { cookie } })).json()) as { results: unknown[] };
          return found.results.length > 0;
        },
        60_000,
        'the upload to be searchable',
      );

      // Mail: a password reset link goes to the configured SMTP server.
      const mailsBefore = smtp.messages.length;
      expect((await postJson(`${base}/api/auth/password-reset`, { email: account.email })).status).toBe(202);
      expect((await smtp.next(mailsBefore)).to).toEqual([account.email]);

      // Single sign-on: discovery, token exchange and keys at the configured OpenID provider.
      const started = await fetch(`${base}/api/auth/oidc/start`, { redirect: 'manual' });
      const callback = await oidc.signIn(started.headers.get('location')!, 'ana');
      const signedIn = await fetch(`${base}${callback.pathname}${callback.search}`, { redirect: 'manual', headers: { cookie: cookieOf(started) } });
      expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/app']);

      const exporting = await postJson(`${base}/api/user/export`, {}, { cookie });
      expect(exporting.status).toBe(202);
      const exportId = ((await exporting.json()) as { id: string }).id;
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
    const configured = new Set([port(model.url), port(s3.env.S3_ENDPOINT!), port(smtp.url), port(oidc.issuer)]);

    const tcp = entries.filter((e): e is Extract<Entry, { kind: 'tcp' }> => e.kind === 'tcp');
    // The recorder saw real traffic: the provider and the store were reached through it.
    expect(tcp.some((e) => e.port === port(model.url))).toBe(true);
    expect(tcp.some((e) => e.port === port(s3.env.S3_ENDPOINT!))).toBe(true);
    expect(tcp.some((e) => e.port === port(smtp.url))).toBe(true);
    expect(tcp.some((e) => e.port === port(oidc.issuer))).toBe(true);

    const unexpected = tcp.filter((e) => !LOOPBACK.has(e.host) || !configured.has(e.port)).map((e) => `${e.host}:${e.port}`);
    expect(unexpected).toEqual([]);
    const lookups = entries.filter((e): e is Extract<Entry, { kind: 'dns' }> => e.kind === 'dns' && !LOOPBACK.has(e.host)).map((e) => e.host);
    expect(lookups).toEqual([]);
  });
});
