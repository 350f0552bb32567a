/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (each
 * measures its figure as a ratio against a baseline it measures in the same run), and writes its
 * part of bench/results.md (between markers; sections outside them, written by hand, are kept).
 * `npm run bench -- auth-read landing` runs only the files whose names start so; the table still
 * lists the other figures, carried from the previous run with its date.
 * `BENCH_QUICK=1 npm run bench` passes BENCH_QUICK=1 to every file (fewer rounds, smaller data;
 * for checking the suite itself), skips the rerun under load, and marks no figure as met.
 *
 * Honesty rules (issue 19): every figure shows the load average it was taken under; a file that
 * ran while other work shared the machine runs once more and the calmer run is kept; and a figure
 * is "met" only when the previous run (bench/results.json, written beside results.md) met it too.
 *
 * "Other work" is the CPU the machine spent outside this run's own processes (and PostgreSQL's,
 * which works for the benches on it) while a file ran (otherWorkCores). The load average cannot tell: a bench file keeps about one of the two cores
 * busy itself (Genie, Chromium, the baseline), so its load average is near 1 with nothing else
 * running, and a rule on it reran every file without removing anything.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './lib/report';
import { spliceGenerated } from './lib/results-file';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const PER_FILE_TIMEOUT_MS = 240_000;
/** The soak (issue 47) runs for SOAK_MINUTES (default 30): only when named, with that much time and 5 minutes more. */
const SOAK_FILE = 'soak.bench.ts';
const timeoutOf = (file: string) => (file === SOAK_FILE ? (Number(process.env.SOAK_MINUTES ?? 30) + 5) * 60_000 : PER_FILE_TIMEOUT_MS);

interface Outcome {
  file: string;
  figures: Figure[];
  failure?: string;
  seconds: number;
  /** Load average at the start and the end of the file, and whether it ran twice. */
  load: [number, number];
  /** Cores of other work while it ran (otherWorkCores). */
  otherWork: number;
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

/** Cores of other work, averaged over a file's run, above which it runs again. */
const OTHER_WORK_LIMIT = 0.5;
const load1 = () => Number(loadavg()[0]!.toFixed(1));

/** Clock ticks per second, the unit of /proc's CPU times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's CPU time with its reaped children's, in ticks, and its command name; null once it is gone. */
function processTicks(pid: string): { name: string; ticks: number } | null {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; utime is the 14th field of the line.
    const name = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
    const [utime, stime, cutime, cstime] = line.slice(line.lastIndexOf(') ') + 2).split(' ').slice(11, 15).map(Number) as number[];
    return { name, ticks: utime! + stime! + cutime! + cstime! };
  } catch {
    return null;
  }
}

/**
 * The machine's busy CPU time and this run's own, in ticks. Ours is this process with its reaped
 * children (a bench file and what it started), and PostgreSQL's processes: the benches on
 * PostgreSQL make it work for them, and nothing else here uses it while they run. A backend that
 * ended is in its postmaster's children's time, so the sum over whatever PostgreSQL processes
 * exist at each reading stays whole.
 */
function cpuTicks(): { machine: number; ours: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number) as number[];
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const found = processTicks(pid);
    if (found?.name === 'postgres') postgres += found.ticks;
  }
  return { machine: user! + nice! + system! + irq! + softirq! + (steal ?? 0), ours: processTicks('self')!.ticks + postgres };
}

/**
 * Cores other work kept busy between two readings: the machine's busy time less this run's own
 * (a bench file's processes count as ours once reaped; one that is never reaped counts as other
 * work, which errs towards a rerun).
 */
function otherWorkCores(from: ReturnType<typeof cpuTicks>, to: ReturnType<typeof cpuTicks>, seconds: number) {
  const other = to.machine - from.machine - (to.ours - from.ours);
  return Number(Math.max(0, other / TICKS / seconds).toFixed(2));
}

function runFile(file: string): Promise<Outcome> {
  const started = performance.now();
  const loadAtStart = load1();
  const cpuAtStart = cpuTicks();
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
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutOf(file));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const figures = stdout
        .split('\n')
        .filter((line) => line.startsWith('BENCH_RESULT '))
        .map((line) => JSON.parse(line.slice('BENCH_RESULT '.length)) as Figure);
      const failed = code !== 0;
      const reason = signal === 'SIGKILL' ? `timed out after ${timeoutOf(file) / 1000} s` : `exited ${code ?? signal}`;
      const lastError = stderr.trim().split('\n').filter(Boolean).slice(-3).join(' ');
      resolve({
        file,
        figures,
        failure: failed ? `${reason}${lastError ? `: ${lastError}` : ''}` : undefined,
        seconds: (performance.now() - started) / 1000,
        load: [loadAtStart, load1()],
        otherWork: otherWorkCores(cpuAtStart, cpuTicks(), (performance.now() - started) / 1000),
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
    `- Files: ${outcomes.map((o) => `${o.file} (${o.seconds.toFixed(0)} s, load ${o.load[0]}-${o.load[1]}, other work ${o.otherWork} cores${o.rerun ? ', rerun' : ''})`).join(', ')}`,
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
  .filter((name) => (only.length === 0 ? name !== SOAK_FILE : only.some((wanted) => name.startsWith(wanted))))
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
  console.log(`  load average ${outcome.load.join('-')}, other work ${outcome.otherWork} cores`);
  if (outcome.otherWork > OTHER_WORK_LIMIT && !outcome.failure && !QUICK) {
    console.log(`  other work used ${outcome.otherWork} cores (over ${OTHER_WORK_LIMIT}): running it again`);
    const again = await runFile(file);
    const calmer = !again.failure && again.otherWork < outcome.otherWork ? again : outcome;
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
