import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on right now, for a peer that must be told its port before it
 * starts (Ceph's monitor, radosgw, nginx, a redirect URI registered ahead of the server).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
