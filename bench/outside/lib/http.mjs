// What bench/outside says to a server: sign-ups, a timed chat stream, and a keep-alive load
// generator able to saturate bare Fastify on 2 cores (many sockets through one node:http Agent).
import { Agent, request } from 'node:http';

let counter = 0;

/** Signs a new account up over POST /api/auth/signup; resolves with its cookie header. */
export async function signUp(baseUrl, tag = 'outside') {
  counter += 1;
  const unique = `${tag}${process.pid}x${counter}x${Math.floor(Math.random() * 1e6)}`;
  const body = { email: `${unique}@example.com`, username: unique.slice(0, 30), password: 'correct horse battery' };
  const response = await fetch(`${baseUrl}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * One chat, POST <url> with {message}, timed from the request to the first `event: delta` and to
 * the end of the stream, as a browser sees them. Genie and the proxy take the same body.
 */
export async function timedChat(url, cookie, message) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ message }),
  });
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  let firstToken = null;
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (firstToken === null && text.includes('event: delta')) firstToken = performance.now() - started;
  }
  if (firstToken === null) throw new Error(`chat streamed no delta: ${text.slice(0, 300)}`);
  return { firstToken, total: performance.now() - started };
}

/**
 * Keeps `connections` keep-alive requests in flight to `url` for `seconds` and counts the answers.
 * Each connection loops on its own socket, so a fast server is never waiting on the generator's
 * scheduling of new sockets.
 */
export async function loadFor(url, { cookie, seconds, connections = 64 }) {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const headers = cookie ? { cookie } : {};
  const latencies = [];
  let completed = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode === 200) completed += 1;
          else errors += 1;
          if (latencies.length < 200_000) latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const loop = async () => {
    while (performance.now() < end) await one();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { perSecond: completed / elapsed, errors, p50: latencies[Math.floor(latencies.length / 2)] ?? 0 };
}
