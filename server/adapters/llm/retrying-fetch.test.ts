import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryingFetch } from './retrying-fetch';

/** A raw TCP server that cuts the first `resets` connections as soon as a request arrives. */
function serverResetting(resets: number): Promise<{ server: Server; url: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    const index = connections++;
    socket.once('data', () => {
      if (index < resets) socket.resetAndDestroy();
      else socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${port}/v1/chat/completions`, connections: () => connections });
    }),
  );
}

let open: Server | undefined;
afterEach(() => open?.close());

describe('retryingFetch', () => {
  it('sends a POST again once when the connection was reset before any response', async () => {
    const peer = await serverResetting(1);
    open = peer.server;
    const response = await retryingFetch(peer.url, { method: 'POST', body: '{"model":"m"}' });
    expect(await response.text()).toBe('ok');
    expect(peer.connections()).toBe(2);
  });

  it('gives up after the second reset, with the original kind of error', async () => {
    const peer = await serverResetting(2);
    open = peer.server;
    await expect(retryingFetch(peer.url, { method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
    expect(peer.connections()).toBe(2);
  });
});
