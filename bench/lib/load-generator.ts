/**
 * A loopback HTTP load generator in its own process (so it does not share the measured server's
 * event loop): `connections` keep-alive connections each send GET requests back to back for
 * `durationMs`, after a short warm-up. Prints one JSON line with the result.
 *
 *   node --import tsx bench/lib/load-generator.ts '<json LoadOptions>'
 */
import { Agent, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  warmupMs?: number;
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function run(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const once = () =>
    new Promise<number>((resolve) => {
      const req = request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers: options.headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end();
    });

  let measuring = false;
  let stop = false;
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (!stop) {
      const started = performance.now();
      const status = await once();
      if (!measuring) continue;
      latencies.push(performance.now() - started);
      requests++;
      if (status === 0) errors++;
      else if (status < 200 || status > 299) non2xx++;
    }
  };
  const workers = Array.from({ length: options.connections }, worker);
  await new Promise((resolve) => setTimeout(resolve, options.warmupMs ?? 1_000));
  measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(workers);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { requests, non2xx, errors, seconds, requestsPerSecond: requests / seconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** Runs the generator in a child process and returns its result. */
export function loadFromChildProcess(options: LoadOptions): Promise<LoadResult> {
  const file = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', file, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited ${code}`));
      resolve(JSON.parse(output.trim().split('\n').pop()!) as LoadResult);
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await run(JSON.parse(process.argv[2]!) as LoadOptions);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
