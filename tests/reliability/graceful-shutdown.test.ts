import { afterAll, describe, expect, it } from 'vitest';
import { startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { newAccount, postJson, waitFor } from './support/http';
import { RawConnection } from './support/raw-http';

/**
 * SIGTERM while requests are in flight: they finish and their writes are kept, a request that
 * arrives after the signal is answered 503 (on a connection that was already open: the listening
 * socket itself is closed, so a brand-new connection is refused), and the process exits 0.
 */
describe('SIGTERM with requests in flight', () => {
  const data = tempDir('genie-rel-drain-');
  afterAll(() => data.remove());

  it('finishes in-flight requests, answers new ones 503 and exits 0', async () => {
    const genie = await startGenieProcess({ DATA_DIR: data.dir, SHUTDOWN_DRAIN_SECONDS: '10' });
    const host = new URL(genie.url).host;
    const first = newAccount('drainA');
    const second = newAccount('drainB');
    const bodyA = JSON.stringify(first);
    const bodyB = JSON.stringify(second);

    // Two signups whose headers are sent now and whose bodies arrive only after the SIGTERM.
    const a = await RawConnection.open(genie.url);
    const b = await RawConnection.open(genie.url);
    a.startJsonPost('/api/auth/signup', host, bodyA);
    b.startJsonPost('/api/auth/signup', host, bodyB);
    a.write(bodyA.slice(0, 10));
    b.write(bodyB.slice(0, 10));
    // A round trip on a third connection: by its answer the server has read the two requests' headers.
    expect((await fetch(`${genie.url}/api/health`)).status).toBe(200);

    genie.kill('SIGTERM');
    await waitFor(() => genie.output().includes('SIGTERM received'), 10_000, 'the server to start draining');

    a.write(bodyA.slice(10));
    // B finishes its body and, on the same connection, sends a request that arrived after the signal.
    b.write(bodyB.slice(10));
    b.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);

    await waitFor(() => a.statuses().length === 1 && b.statuses().length === 2, 20_000, 'the responses');
    expect(a.statuses()).toEqual([201]);
    expect(b.statuses()).toEqual([201, 503]);
    // A stays open, idle, as a browser's keep-alive connection does: the server closes it itself
    // instead of waiting for the drain limit.
    await a.closed;
    b.end();

    const exit = await genie.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(genie.output()).not.toContain('drain limit reached');

    // The answered writes were flushed before exit.
    const again = await startGenieProcess({ DATA_DIR: data.dir });
    try {
      for (const account of [first, second]) {
        const login = await postJson(`${again.url}/api/auth/login`, { email: account.email, password: account.password });
        expect(login.status).toBe(200);
      }
    } finally {
      expect((await stopGenie(again)).code).toBe(0);
    }
  });
});
