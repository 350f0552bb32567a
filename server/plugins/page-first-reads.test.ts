import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolder } from '../../tests/support/files';
import { sendWithFirstReads, type FirstReadsParts } from './page-first-reads';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';

/** A signed-in page's first reads, answered into its HTML (page-first-reads.ts). */
describe("a signed-in page's first reads in its HTML", () => {
  let clientDir: string;
  let t: TestApp;
  const files = '<!doctype html><html><head><title>Genie</title><link rel="modulepreload" crossorigin href="/assets/files-Ab12Cd34.js"></head><body><div id="root"></div></body></html>';
  const index = '<!doctype html><html><head><title>Genie</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'genie-client-'));
    mkdirSync(join(clientDir, 'pages'));
    writeFileSync(join(clientDir, 'index.html'), index);
    writeFileSync(join(clientDir, 'pages/files.html'), files);
    t = await createTestApp({ deps: { clientDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string, encoding = 'identity') =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } });
  const api = async (url: string, cookie: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).body;
  /** The page's first-read elements: url, status and JSON text, in order. */
  const writtenReads = (html: string) =>
    [...html.matchAll(/<script type="application\/json" data-first-read="([^"]*)" data-status="(\d+)">([^<]*)<\/script>/g)].map(([, url, status, json]) => ({
      url: url!.replaceAll('&amp;', '&'),
      status: Number(status),
      json: json!,
    }));

  it("writes /api/auth/session's and the opening list's answers, exactly as the API gives them, before </body>", async () => {
    const { cookie } = await signUp(t.app);
    await createFolder(t.app, cookie, 'Contracts');
    const response = await page('/files', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('Cookie');
    const reads = writtenReads(response.body);
    expect(reads).toEqual([
      { url: '/api/auth/session', status: 200, json: await api('/api/auth/session', cookie) },
      { url: '/api/files', status: 200, json: await api('/api/files', cookie) },
    ]);
    expect(JSON.parse(reads[1]!.json).folders.map((f: { name: string }) => f.name)).toEqual(['Contracts']);
    const elements = reads.map((r) => `<script type="application/json" data-first-read="${r.url}" data-status="200">${r.json}</script>`).join('');
    expect(response.body).toBe(files.replace('</body>', `${elements}</body>`));
  });

  it('names the list of the place in the URL, as the page will ask for it', async () => {
    const { cookie } = await signUp(t.app);
    const folder = await createFolder(t.app, cookie, 'Invoices');
    const reads = writtenReads((await page(`/files?folder=${folder.id}`, cookie)).body);
    expect(reads.map((r) => r.url)).toEqual(['/api/auth/session', `/api/files?folderId=${folder.id}`]);
    expect(reads[1]!.json).toBe(await api(`/api/files?folderId=${folder.id}`, cookie));
  });

  it('leaves out a read the API refuses: another user\'s folder is its 404, not its contents', async () => {
    const owner = await signUp(t.app);
    const folder = await createFolder(t.app, owner.cookie, 'Private plans');
    const other = await signUp(t.app);
    const html = (await page(`/files?folder=${folder.id}`, other.cookie)).body;
    expect(writtenReads(html).map((r) => r.url)).toEqual(['/api/auth/session']);
    expect(html).not.toContain('Private plans');
  });

  it('writes a name that would end or comment out its element with every < escaped, and the JSON reads back the same', async () => {
    const { cookie } = await signUp(t.app);
    const name = '<!--<script>alert(1)<\u200b!-- x';
    await createFolder(t.app, cookie, name);
    const html = (await page('/files', cookie)).body;
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('<script>alert');
    const list = writtenReads(html)[1]!;
    expect(list.json).toContain('\\u003c!--\\u003cscript>alert(1)');
    expect(JSON.parse(list.json).folders[0].name).toBe(name);
  });

  it('sends the built page as it is without a session, and for a session that has ended writes only that no one is signed in', async () => {
    const visitor = await page('/files');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.body).toBe(files);
    const ended = await page('/files', 'genie_session=not-a-session');
    expect(ended.headers['cache-control']).toBe('private, no-cache');
    // /api/auth/session answers 200 with no user (issue 42); the list's 401 is left for the page.
    expect(writtenReads(ended.body)).toEqual([{ url: '/api/auth/session', status: 200, json: '{"user":null}' }]);
  });

  it('writes nothing into a page that is not signed in', async () => {
    const { cookie } = await signUp(t.app);
    expect((await page('/login', cookie)).body).toBe(index);
  });

  it('compresses the page for a browser that accepts br', async () => {
    const { cookie } = await signUp(t.app);
    // Over the plugin's 1 KB threshold.
    for (let n = 1; n <= 10; n++) await createFolder(t.app, cookie, `Folder ${n}`);
    const response = await page('/files', cookie, 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(writtenReads(brotliDecompressSync(response.rawPayload).toString()).map((r) => r.url)).toEqual(['/api/auth/session', '/api/files']);
  });
});

describe('a page sent in two parts', () => {
  it('sends everything up to the inside of #root while the reads run, flushed through brotli, and the screen and reads when they are in', async () => {
    const html = '<!doctype html><html><head><link rel="modulepreload" crossorigin href="/assets/files-Ab12Cd34.js"></head><body><div id="root"></div></body></html>';
    let finishReads!: (parts: FirstReadsParts) => void;
    const app = Fastify();
    app.get('/files', (_request, reply) => sendWithFirstReads(reply, html, new Promise<FirstReadsParts>((resolve) => (finishReads = resolve))));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const text = await new Promise<{ first: string; whole: Promise<string> }>((resolve, reject) => {
        const outgoing = httpRequest({ port, host: '127.0.0.1', path: '/files', headers: { 'accept-encoding': 'br' } }, (response) => {
          expect(response.headers['content-encoding']).toBe('br');
          const decoded = response.pipe(createBrotliDecompress());
          let received = '';
          const whole = new Promise<string>((done) => decoded.on('end', () => done(received)));
          decoded.once('data', (chunk: Buffer) => {
            received += chunk.toString();
            decoded.on('data', (more: Buffer) => (received += more.toString()));
            resolve({ first: received, whole });
          });
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
      expect(text.first).toBe('<!doctype html><html><head><link rel="modulepreload" crossorigin href="/assets/files-Ab12Cd34.js"></head><body><div id="root">');
      finishReads({ screen: '<main>Files</main>', elements: '<script type="application/json" data-first-read="/api/auth/session" data-status="200">{}</script>' });
      expect(await text.whole).toBe(
        '<!doctype html><html><head><link rel="modulepreload" crossorigin href="/assets/files-Ab12Cd34.js"></head><body><div id="root"><main>Files</main></div>' +
          '<script type="application/json" data-first-read="/api/auth/session" data-status="200">{}</script></body></html>',
      );
    } finally {
      await app.close();
    }
  });
});

/** The first screen drawn by the client build's render module (page-server-render.ts), here a stand-in that shows what it was given. */
describe("a signed-in page's first screen drawn on the server", () => {
  let clientDir: string;
  let t: TestApp;
  const files = '<!doctype html><html><head><title>Genie</title></head><body><div id="root"></div></body></html>';
  // Draws the user's email and the list's names, and fails on a file list holding "boom".
  const render = `export default { renderFilesPage({ search, me, firstPage }) {
    const names = [...firstPage.folders, ...firstPage.files].map((item) => item.name ?? item.originalName);
    if (names.includes('boom')) throw new Error('the render failed');
    return '<section data-drawn="' + search + '">' + me.user.email + ': ' + names.join(', ') + '</section>';
  } };`;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'genie-client-'));
    mkdirSync(join(clientDir, 'pages'));
    mkdirSync(join(clientDir, 'ssr'));
    writeFileSync(join(clientDir, 'index.html'), files);
    writeFileSync(join(clientDir, 'pages/files.html'), files);
    writeFileSync(join(clientDir, 'ssr/server-render.js'), render);
    t = await createTestApp({ deps: { clientDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">') + '<div id="root">'.length, html.indexOf('</div><script'));

  it("writes /files' screen, drawn from the user's own reads, inside #root", async () => {
    const { cookie, user } = await signUp(t.app);
    await createFolder(t.app, cookie, 'Contracts');
    const response = await page('/files', cookie);
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe(`<section data-drawn="">${user.email}: Contracts</section>`);
  });

  it("draws the place in the URL, and nothing when the list is another user's folder", async () => {
    const owner = await signUp(t.app);
    const folder = await createFolder(t.app, owner.cookie, 'Private plans');
    await createFolder(t.app, owner.cookie, 'Inside', folder.id);
    expect(rootOf((await page(`/files?folder=${folder.id}`, owner.cookie)).body)).toBe(`<section data-drawn="?folder=${folder.id}">${owner.user.email}: Inside</section>`);
    const other = await signUp(t.app);
    const html = (await page(`/files?folder=${folder.id}`, other.cookie)).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('Inside');
  });

  it('sends the page undrawn, with its reads, when the render fails', async () => {
    const { cookie } = await signUp(t.app);
    await createFolder(t.app, cookie, 'boom');
    const response = await page('/files', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div><script type="application/json" data-first-read="/api/auth/session"');
  });

  it('draws no other page, and never sends the render module itself', async () => {
    const { cookie } = await signUp(t.app);
    expect((await page('/chat', cookie)).body).toContain('<div id="root"></div>');
    // Any other GET is the app's page (its router draws its 404), as for a path that names no file.
    for (const url of ['/ssr/server-render.js', '/assets/../ssr/server-render.js']) {
      const asked = await t.app.inject({ method: 'GET', url });
      expect(asked.body).not.toContain('renderFilesPage');
    }
    expect((await t.app.inject({ method: 'GET', url: '/ssr/server-render.js' })).body).toBe(files);
  });
});
