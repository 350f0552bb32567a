import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/build/precompress';
import { fakeProviderEnv } from '../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';

/** Compression by negotiation: the build's .br/.gz copies for assets, on-the-fly for JSON over 1 KB, never SSE. */
describe('compressed, cacheable responses', () => {
  let clientDir: string;
  let fake: FakeModelServer;
  let t: TestApp;
  const script = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
  const page = `<!doctype html><html><head><title>Genie</title></head><body>${'<div id="root"></div>'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'genie-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets/index-Ab12Cd34.js'), script);
    writeFileSync(join(clientDir, 'assets/tiny-Ef56Gh78.js'), 'export {};\n');
    writeFileSync(join(clientDir, 'index.html'), page);
    precompressDirectory(clientDir);
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url), deps: { clientDir } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes a brotli and a gzip copy of a text asset at build time, but none for a file under 1 KB', () => {
    expect(brotliDecompressSync(readFileSync(join(clientDir, 'assets/index-Ab12Cd34.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(clientDir, 'assets/index-Ab12Cd34.js.gz'))).toString()).toBe(script);
    expect(() => readFileSync(join(clientDir, 'assets/tiny-Ef56Gh78.js.br'))).toThrow(/ENOENT/);
  });

  it('sends the brotli copy to a browser that accepts br, with Vary and an immutable cache header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends the gzip copy when br is not accepted, and the plain file (still with Vary) when nothing is', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    expect(plain.body).toBe(script);
  });

  it('sends the page itself compressed too, but never cached without revalidation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/chat', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('compresses a JSON answer over 1 KB and leaves a smaller one as it is', async () => {
    const large = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['vary']).toBe('accept-encoding');
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);

    const personas = await t.app.inject({ method: 'GET', url: '/api/personas', headers: { 'accept-encoding': 'gzip' } });
    expect(personas.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(personas.rawPayload).toString()) as { personas: unknown[] }).personas).toHaveLength(4);

    const small = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(401);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe('not_signed_in');
  });

  it('never compresses the chat stream, even for a client that accepts br', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
      payload: { message: 'a reply long enough '.repeat(80) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.length).toBeGreaterThan(1024);
    expect(response.body.startsWith('event: delta\ndata: {"text":"Fake"}\n\n')).toBe(true);
  });

  it('does not inflate a compressed request body: it is refused as the JSON it is not', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: (await import('node:zlib')).gzipSync(JSON.stringify({ message: 'hi' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_input' });
  });
});
