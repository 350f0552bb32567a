import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../fakes/fake-model-server';
import { startGenieProcess, stopGenie, tempDir, type GenieProcess } from '../reliability/support/genie-process';
import { cookieOf, newAccount, postJson, signUpOverHttp, waitFor } from '../reliability/support/http';
import { createScratchDatabase } from '../reliability/support/postgres';
import { uploadBytes } from '../reliability/support/files';
import { freePort } from '../support/free-port';

/**
 * Genie scaled out for real: two processes on PostgreSQL and Ceph RGW, behind nginx running
 * deploy/nginx.conf (its addresses rewritten for loopback), with PUBLIC_URL, TRUST_PROXY and one
 * SESSION_SECRET, as README "Scaling out" says.
 */
type Backend = GenieProcess & { url: string };

describe('two Genie processes behind nginx', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let model: FakeModelServer;
  let work: ReturnType<typeof tempDir>;
  let nginx: ChildProcess;
  let front: string;
  let a: Backend;
  let b: Backend;

  beforeAll(async () => {
    db = await createScratchDatabase();
    model = await startFakeModelServer();
    work = tempDir('genie-scale-');
    const nginxPort = await freePort();
    front = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: db.url,
      PUBLIC_URL: front,
      TRUST_PROXY: 'true',
      SESSION_SECRET: 'scale-out-secret-that-is-long-enough-to-pass',
      OPENAI_COMPATIBLE_BASE_URL: model.url,
      GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
      DEMO_REQUEST_RATE_LIMIT_PER_HOUR: '2',
      FILES_CLEANUP_INTERVAL_MINUTES: '0',
      ...inject('cephRgwEnv'),
    };
    // One after the other: the first applies the migrations.
    a = await startGenieProcess({ ...env, DATA_DIR: join(work.dir, 'a') });
    b = await startGenieProcess({ ...env, DATA_DIR: join(work.dir, 'b') });
    nginx = startNginx(work.dir, nginxPort, [a.url, b.url]);
    await waitFor(async () => (await fetch(`${front}/api/health`).catch(() => undefined))?.status === 200, 30_000, 'nginx in front of Genie');
  });
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const genie of [a, b]) if (genie) await stopGenie(genie, 'SIGKILL');
    await model?.close();
    await db?.drop();
    work?.remove();
  });

  const upstreamOf = (response: Response) => response.headers.get('x-upstream');
  const hostOf = (url: string) => new URL(url).host;

  it('signs in on one process and uses the session on the other', async () => {
    const cookie = await signUpOverHttp(front, newAccount('scale'));
    const seen = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const me = await fetch(`${front}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      seen.set(upstreamOf(me)!, me.status);
    }
    expect([...seen.keys()].sort()).toEqual([hostOf(a.url), hostOf(b.url)].sort());
  });

  it('uploads through one process to RGW and downloads through the other', async () => {
    const cookie = await signUpOverHttp(a.url, newAccount('files'));
    const bytes = Buffer.from('a file that crossed two processes and a real S3 store');
    const record = await uploadBytes(a.url, cookie, { name: 'crossed.txt', type: 'text/plain', bytes });
    const download = await fetch(`${b.url}/api/files/${record.id}/download`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    const viaFront = await fetch(`${front}/api/files/${record.id}/download`, { headers: { cookie, range: 'bytes=2-5' } });
    expect(viaFront.status).toBe(206);
    expect(await viaFront.text()).toBe('file');
  });

  it('streams chat tokens through nginx as they are produced, not buffered to the end', async () => {
    const cookie = await signUpOverHttp(front, newAccount('stream'));
    // Four words, one every 1.5 s: unbuffered, the first arrives about 4.5 s before the end.
    model.setBehaviour({ kind: 'slow', tokenDelayMs: 1500, reply: 'one two three four' });
    try {
      const response = await fetch(`${front}/api/chat`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ message: 'count to four' }),
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let firstTokenAt = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (!firstTokenAt && text.includes('event: delta')) firstTokenAt = Date.now();
      }
      const endedAt = Date.now();
      expect(text).toContain('event: done');
      expect(firstTokenAt).toBeGreaterThan(0);
      // Buffered, every event would arrive in the same instant. 3 s is two token gaps of margin.
      expect(endedAt - firstTokenAt).toBeGreaterThan(3000);
    } finally {
      model.setBehaviour({ kind: 'normal' });
    }
  });

  it('keeps rate limits per process, as README says: twice the per-process limit passes through two', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await postJson(`${front}/api/demo-requests`, { name: 'Ana', email: `ana${i}@example.com`, usecase: 'private-support' });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });

  it('ends a session at once on the process that signed out, and within the 2 s cache on the other', async () => {
    const signUp = await postJson(`${a.url}/api/auth/signup`, newAccount('logout'));
    const cookie = cookieOf(signUp);
    expect((await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    expect((await postJson(`${a.url}/api/auth/logout`, {}, { cookie })).status).toBe(200);
    expect((await fetch(`${a.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('fails over when one process is SIGKILLed mid-traffic: reads keep working and no acknowledged write is lost', async () => {
    const cookie = await signUpOverHttp(front, newAccount('kill'));
    const acknowledged: string[] = [];
    const failedWrites: number[] = [];
    const reads: number[] = [];
    let n = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const name = `folder-${n++}`;
        const write = await postJson(`${front}/api/folders`, { name }, { cookie }).catch(() => undefined);
        if (write?.status === 201) acknowledged.push(name);
        else failedWrites.push(write?.status ?? 0);
        const read = await fetch(`${front}/api/files`, { headers: { cookie } }).catch(() => undefined);
        reads.push(read?.status ?? 0);
      }
    };
    const workers = [worker(), worker(), worker()];
    await waitFor(() => acknowledged.length >= 15, 60_000, '15 writes before the kill');
    await stopGenie(a, 'SIGKILL');
    const atKill = acknowledged.length;
    await waitFor(() => acknowledged.length >= atKill + 15, 60_000, '15 writes after the kill');
    stop = true;
    await Promise.all(workers);

    // Reads are retried on the live process by nginx; a write in flight at the kill may fail (never applied twice).
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    expect(failedWrites.length).toBeLessThanOrEqual(3);
    const listed = await fetch(`${b.url}/api/files`, { headers: { cookie } });
    const names = ((await listed.json()) as { folders: Array<{ name: string }> }).folders.map((f) => f.name);
    for (const name of acknowledged) expect(names).toContain(name);
  });
});

/** nginx in the foreground on loopback, running deploy/nginx.conf with its addresses rewritten. */
function startNginx(dir: string, port: number, backends: string[]): ChildProcess {
  const shipped = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
  const upstreams = backends.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=10s;`).join('\n');
  const site = shipped
    .replace(/(upstream genie \{[\s\S]*?)(?:    server .*\n)+/, `$1${upstreams}\n`)
    // Plain HTTP on loopback: the redirect-to-HTTPS server goes, TLS lines go, the port is ours.
    .replace(/server \{\n    listen 80;[\s\S]*?\n\}\n/, '')
    .replace('listen 443 ssl;', `listen 127.0.0.1:${port};`)
    .replace(/^\s*(http2 on|ssl_\w+ .*);\n/gm, '');
  if (site.includes('ssl') || !site.includes(`listen 127.0.0.1:${port};`)) throw new Error(`deploy/nginx.conf changed shape; rewrite failed:\n${site}`);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'genie.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Which process answered: how the test knows a request crossed processes.
  add_header X-Upstream $upstream_addr always;
  include ${dir}/genie.conf;
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('error', (error) => {
    throw new Error(`nginx cannot start (apt-get install nginx; .ci/run does this): ${error.message}`);
  });
  return child;
}

