import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/build/precompress';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/** A page the build wrote HTML of its own for is sent that file (scripts/build/page-preloads.ts). */
describe('each page its own HTML', () => {
  let clientDir: string;
  let t: TestApp;
  const html = (links: string) => `<!doctype html><html><head><title>Genie</title>${links}</head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;
  const index = html('');
  const files = html('<link rel="modulepreload" crossorigin href="/assets/files-Ab12Cd34.js">');
  const landing = html('<link rel="modulepreload" crossorigin href="/assets/landing-Ef56Gh78.js">');

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'genie-client-'));
    mkdirSync(join(clientDir, 'pages'));
    writeFileSync(join(clientDir, 'index.html'), index);
    writeFileSync(join(clientDir, 'pages/files.html'), files);
    writeFileSync(join(clientDir, 'pages/index.html'), landing);
    precompressDirectory(clientDir);
    t = await createTestApp({ deps: { clientDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity' } });

  it('sends /files its own HTML, with or without a query or a trailing slash', async () => {
    for (const url of ['/files', '/files/', '/files?scope=team&folder=abc']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(files);
    }
  });

  it('sends / the landing page\'s HTML, compressed for a browser that accepts br', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(landing);
  });

  it('sends index.html to a page without its own file, and to a path beneath a page', async () => {
    for (const url of ['/login', '/files/abc', '/no-such-page']) expect((await page(url)).body).toBe(index);
  });
});
