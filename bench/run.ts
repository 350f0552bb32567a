/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (each
 * measures its figure as a ratio against a baseline it measures in the same run), and writes
 * bench/results.md. `npm run bench -- auth-read landing` runs only the named files.
 */
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './lib/report';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const PER_FILE_TIMEOUT_MS = 240_000;

interface Outcome {
  file: string;
  figures: Figure[];
  failure?: string;
  seconds: number;
}

function runFile(file: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, file)], {
    cwd: join(BENCH_DIR, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), PER_FILE_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const figures = stdout
        .split('\n')
        .filter((line) => line.startsWith('BENCH_RESULT '))
        .map((line) => JSON.parse(line.slice('BENCH_RESULT '.length)) as Figure);
      const failed = code !== 0;
      const reason = signal === 'SIGKILL' ? `timed out after ${PER_FILE_TIMEOUT_MS / 1000} s` : `exited ${code ?? signal}`;
      const lastError = stderr.trim().split('\n').filter(Boolean).slice(-3).join(' ');
      resolve({
        file,
        figures,
        failure: failed ? `${reason}${lastError ? `: ${lastError}` : ''}` : undefined,
        seconds: (performance.now() - started) / 1000,
      });
    });
  });
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function render(outcomes: Outcome[], date: string, startLoad: string) {
  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, ${process.platform}`;
  const rows = outcomes.flatMap((outcome) =>
    outcome.figures.map(
      (f) => `| ${cell(f.figure)} | ${cell(f.baseline)} | ${cell(f.measured)} | ${f.ratio} | ${cell(f.target)} | ${f.met ? 'yes' : '**no**'} |`,
    ),
  );
  const failures = outcomes.filter((o) => o.failure);
  const gaps = outcomes.flatMap((o) => o.figures.filter((f) => !f.met)).map((f) => `- **${f.figure}**: ${f.gap ?? 'no explanation given'}`);
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); every figure is measured against a baseline measured in the same run, on loopback.',
    '',
    `- Date: ${date}`,
    `- Machine: ${machine}`,
    `- Load average when the run started: ${startLoad} (anything above 0 is other work sharing these cores)`,
    `- Command: \`npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\``,
    `- Files: ${outcomes.map((o) => `${o.file} (${o.seconds.toFixed(0)} s)`).join(', ')}`,
    '',
    '| figure | baseline | measured | ratio | target | met? |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(failures.length ? ['## Benchmarks that did not finish', '', ...failures.map((o) => `- ${o.file}: ${cell(o.failure!)}`), ''] : []),
    '## Gaps and plans',
    '',
    ...(gaps.length ? gaps : ['Every measured target was met.']),
    '',
  ].join('\n');
}

const only = process.argv.slice(2);
const files = readdirSync(BENCH_DIR)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();
const date = new Date().toISOString();
const startLoad = loadavg().map((n) => n.toFixed(1)).join(' / ');
const outcomes: Outcome[] = [];
for (const file of files) {
  console.log(`\n▶ ${file}`);
  outcomes.push(await runFile(file));
  const last = outcomes.at(-1)!;
  if (last.failure) console.log(`  ✗ ${last.failure}`);
}
const results = join(BENCH_DIR, 'results.md');
writeFileSync(results, render(outcomes, date, startLoad));
console.log(`\nWrote ${results}`);
process.exit(outcomes.some((o) => o.failure) ? 1 : 0);
