/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (each
 * measures its figure as a ratio against a baseline it measures in the same run), and writes its
 * part of bench/results.md (between markers; sections outside them, written by hand, are kept).
 * `npm run bench -- auth-read landing` runs only the files whose names start so; the table still
 * lists the other figures, carried from the previous run with its date.
 * `BENCH_QUICK=1 npm run bench` passes BENCH_QUICK=1 to every file (fewer rounds, smaller data;
 * for checking the suite itself), skips the rerun under load, and marks no figure as met.
 *
 * Honesty rules (issue 19): a file that ran while the load average was over 1 runs once more and
 * the calmer run is kept; every figure shows the load it was taken under; and a figure is "met"
 * only when the previous run (bench/results.json, written beside results.md) met it too.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './lib/report';
import { spliceGenerated } from './lib/results-file';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const PER_FILE_TIMEOUT_MS = 240_000;

interface Outcome {
  file: string;
  figures: Figure[];
  failure?: string;
  seconds: number;
  /** Load average at the start and the end of the file, and whether it ran twice. */
  load: [number, number];
  rerun?: boolean;
}

/** The previous run's figures by name, from results.json. */
interface PreviousRun {
  date: string;
  figures: Record<string, StoredFigure>;
}

/** A figure as results.json keeps it: with the date of the run that measured it. */
type StoredFigure = Figure & { date?: string };

const QUICK = process.env.BENCH_QUICK === '1';

const LOAD_LIMIT = 1;
const load1 = () => Number(loadavg()[0]!.toFixed(1));

function runFile(file: string): Promise<Outcome> {
  const started = performance.now();
  const loadAtStart = load1();
  const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, file)], {
    cwd: join(BENCH_DIR, '..'),
    env: { ...process.env, ...(QUICK ? { BENCH_QUICK: '1' } : {}) },
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
        load: [loadAtStart, load1()],
      });
    });
  });
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** "yes" only when this run and the previous one both met the target. */
function metCell(figure: Figure, previous: Figure | undefined) {
  if (QUICK) return 'not judged (BENCH_QUICK)';
  if (!figure.met) return '**no**';
  if (!previous) return 'yes in this run only (no previous run to confirm)';
  return previous.met ? 'yes (both runs)' : 'yes in this run only (previous: no)';
}

function render(outcomes: Outcome[], date: string, startLoad: string, previous: PreviousRun | undefined, seconds: number) {
  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, ${process.platform}`;
  const rows = outcomes.flatMap((outcome) =>
    outcome.figures.map(
      (f) => {
        const before = previous?.figures[f.figure];
        const earlier = before ? `${before.ratio} (${cell(before.measured)})` : '—';
        return `| ${cell(f.figure)} | ${cell(f.baseline)} | ${cell(f.measured)} | ${f.ratio} | ${earlier} | ${f.load ?? '?'} | ${cell(f.target)} | ${metCell(f, before)} |`;
      },
    ),
  );
  // A run of some files still lists every figure: the others as the previous run left them.
  const ran = new Set(outcomes.flatMap((o) => o.figures.map((f) => f.figure)));
  const carried = only.length === 0 ? [] : Object.values(previous?.figures ?? {}).filter((f) => !ran.has(f.figure));
  rows.push(
    ...carried.map(
      (f) => `| ${cell(f.figure)} | ${cell(f.baseline)} | ${cell(f.measured)} | ${f.ratio} | not rerun: from ${f.date ?? previous!.date} | ${f.load ?? '?'} | ${cell(f.target)} | ${f.met ? 'yes (that run)' : '**no** (that run)'} |`,
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
    `- Command: \`${QUICK ? 'BENCH_QUICK=1 ' : ''}npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\`, ${Math.round(seconds / 60)} min in all${QUICK ? ' (BENCH_QUICK: fewer rounds and smaller data, a check of the suite, not results)' : ''}`,
    `- Files: ${outcomes.map((o) => `${o.file} (${o.seconds.toFixed(0)} s, load ${o.load[0]}-${o.load[1]}${o.rerun ? ', rerun' : ''})`).join(', ')}`,
    `- Previous run compared: ${previous ? previous.date : 'none (every "met" below needs a second run)'}`,
    '',
    '| figure | baseline | measured | ratio | previous run: ratio (measured) | load | target | met? |',
    '|---|---|---|---|---|---|---|---|',
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
const resultsJson = join(BENCH_DIR, 'results.json');
const previous = existsSync(resultsJson) ? (JSON.parse(readFileSync(resultsJson, 'utf8')) as PreviousRun) : undefined;
const outcomes: Outcome[] = [];
const runStarted = performance.now();
for (const file of files) {
  console.log(`\n▶ ${file}`);
  let outcome = await runFile(file);
  if (Math.max(...outcome.load) > LOAD_LIMIT && !outcome.failure && !QUICK) {
    console.log(`  load ${outcome.load.join('-')} is over ${LOAD_LIMIT}: running it again`);
    const again = await runFile(file);
    const calmer = !again.failure && Math.max(...again.load) < Math.max(...outcome.load) ? again : outcome;
    outcome = { ...calmer, rerun: true };
  }
  outcomes.push(outcome);
  if (outcome.failure) console.log(`  ✗ ${outcome.failure}`);
}
const seconds = (performance.now() - runStarted) / 1000;
const results = join(BENCH_DIR, 'results.md');
writeFileSync(results, spliceGenerated(existsSync(results) ? readFileSync(results, 'utf8') : null, render(outcomes, date, startLoad, previous, seconds)));
// This run becomes the next one's "previous": figures it did not run are carried over. A quick
// run measures too little to be anyone's "previous".
if (!QUICK) {
  const measured = outcomes.flatMap((o) => o.figures).map((f): [string, StoredFigure] => [f.figure, { ...f, date }]);
  writeFileSync(resultsJson, `${JSON.stringify({ date, figures: { ...previous?.figures, ...Object.fromEntries(measured) } }, null, 2)}\n`);
}
console.log(`\nWrote ${results} (${Math.round(seconds)} s in all)`);
process.exit(outcomes.some((o) => o.failure) ? 1 : 0);
