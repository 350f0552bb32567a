import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from './db/schema/users';
import { createTestApp, type TestApp } from '../tests/support/test-app';
import { warmUp, warmUpBeforeListening } from './warm-up';

/** main.ts warms the signed-in pages before it listens (warm-up.ts): pages answered, nothing written, nothing logged. */
describe('warming up before listening', () => {
  let clientDir: string;
  let t: TestApp;
  // The app's log, one JSON line each.
  const logged: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'genie-client-'));
    mkdirSync(join(clientDir, 'pages'));
    const html = '<!doctype html><html><head><title>Genie</title></head><body><div id="root"></div></body></html>';
    writeFileSync(join(clientDir, 'index.html'), html);
    for (const page of ['chat', 'files', 'profile', 'team']) writeFileSync(join(clientDir, `pages/${page}.html`), html);
    t = await createTestApp({ deps: { clientDir, logger: { level: 'info', stream: logStream } } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('asks for each signed-in page with a cookie of no session: each answered 200, no session made', async () => {
    expect(await warmUp(t.app)).toEqual([200, 200, 200, 200]);
    expect(await t.database.db.select().from(sessions)).toEqual([]);
  });

  it('logs none of its requests before listening, and the requests after it as usual', async () => {
    logged.length = 0;
    await warmUpBeforeListening(t.app);
    expect(logged).toEqual([]);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(logged.map((line) => JSON.parse(line).msg)).toEqual(['incoming request', 'request completed']);
  });
});
