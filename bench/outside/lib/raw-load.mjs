// A keep-alive load generator on raw sockets: each connection writes one prebuilt GET, reads the
// answer (headers, then content-length bytes) and writes the next. node:http's client costs more
// CPU per request than bare Fastify does to answer one, so on 2 cores it, not the server, set the
// ceiling (about 18k req/s against bare Fastify); this does far less work per answer.
import { connect } from 'node:net';

/** Keeps `connections` sockets busy on GET `url` for `seconds`; requests/s, errors, median latency. */
export function rawLoadFor(url, { cookie, seconds, connections = 64 }) {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`,
    'latin1',
  );
  const end = performance.now() + seconds * 1000;
  const latencies = [];
  let completed = 0;
  let errors = 0;
  const began = performance.now();
  const one = () =>
    new Promise((resolve) => {
      const socket = connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      let buffered = '';
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= end) {
          socket.end();
          return resolve();
        }
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        buffered += chunk.toString('latin1');
        for (;;) {
          const headerEnd = buffered.indexOf('\r\n\r\n');
          if (headerEnd === -1) return;
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(buffered.slice(0, headerEnd))?.[1] ?? NaN);
          if (Number.isNaN(length)) {
            errors += 1;
            socket.destroy();
            return resolve();
          }
          if (buffered.length < headerEnd + 4 + length) return;
          if (buffered.startsWith('HTTP/1.1 200')) completed += 1;
          else errors += 1;
          if (latencies.length < 200_000) latencies.push(performance.now() - sentAt);
          buffered = buffered.slice(headerEnd + 4 + length);
          send();
        }
      });
      socket.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  return Promise.all(Array.from({ length: connections }, one)).then(() => {
    const elapsed = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    return { perSecond: completed / elapsed, errors, p50: latencies[Math.floor(latencies.length / 2)] ?? 0 };
  });
}
