/**
 * Issue 47's soak: a mixed load (sign-ins, chats on the fake model, uploads, searches) against the
 * compiled server for SOAK_MINUTES (default 30), only on loopback. Bounded: WORKERS accounts, each
 * doing one operation at a time with a pause between, and each keeping at most KEEP_FILES files
 * (the oldest is deleted once it has more), so the data it holds stops growing early on.
 *
 * Every 10 s the server process's resident memory and open descriptors are sampled (/proc).
 * Judged against Genie's own first third (the baseline: warm-up, caches and the first files):
 * - flat: the slope of a least-squares line through the samples of the last two thirds is under
 *   16 MB of resident memory and under 5 descriptors per 10 minutes;
 * - 0 errors: every request answers 2xx (a chat's `done` arrives);
 * - p99 steady: no minute of the last two thirds has a p99 latency above twice the first third's
 *   median per-minute p99 (and 50 ms, so that a 3 ms floor does not turn jitter into a failure).
 * `npm run bench -- soak` runs it (a plain `npm run bench` leaves it out, see bench/run.ts); with
 * SOAK_MINUTES under 30 its figures are a trial and never "met".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startFakeModelServer } from '../tests/fakes/fake-model-server';
import { uploadBytes } from '../tests/reliability/support/files';
import { spawnGenie, stopGenie, tempDir } from '../tests/reliability/support/genie-process';
import { newAccount, signUpOverHttp, type Account } from '../tests/reliability/support/http';
import { readSse } from '../tests/support/sse';
import { ensureCompiledServer } from './lib/processes';
import { median, percentile, report, round } from './lib/report';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
if (!Number.isFinite(MINUTES) || MINUTES < 3 || MINUTES > 24 * 60) throw new Error('SOAK_MINUTES must be a number of minutes from 3 to 1440.');
const TRIAL = MINUTES < 30;
const WORKERS = 4;
const PAUSE_MS = 100;
const KEEP_FILES = 20;
const SAMPLE_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const RSS_SLOPE_LIMIT_MB = 16;
const FD_SLOPE_LIMIT = 5;
const WORDS = ['harbour', 'invoice', 'lantern', 'meadow', 'quarterly', 'turbine', 'orchard', 'ledger', 'canyon', 'pelican'];

const fake = await startFakeModelServer();
fake.setBehaviour({ kind: 'slow', tokenDelayMs: 5, reply: 'The soak reply has a handful of words in it.' });
const data = tempDir('genie-bench-soak-');
await ensureCompiledServer();
const spawned = spawnGenie(
  {
    DATA_DIR: data.dir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fake.url,
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
    GENIE_MODEL_TITLES: 'false',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
  },
  180_000, // a first start (initialising the database) on a loaded machine took over 90 s
  { compiled: true },
);
const base = await spawned.ready;
const pid = spawned.child.pid!;

/** One finished request: when (ms since the start), what, how long, and whether it failed. */
interface Done {
  at: number;
  kind: string;
  ms: number;
  error?: string;
}
const done: Done[] = [];
const samples: { at: number; rssMb: number; fds: number }[] = [];
const started = performance.now();
const deadline = started + MINUTES * 60_000;

async function timed(kind: string, work: (signal: AbortSignal) => Promise<void>) {
  const begun = performance.now();
  try {
    await work(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
    done.push({ at: begun - started, kind, ms: performance.now() - begun });
  } catch (error) {
    done.push({ at: begun - started, kind, ms: performance.now() - begun, error: error instanceof Error ? error.message : String(error) });
  }
}

async function expectOk(response: Response, what: string) {
  const body = await response.text();
  if (response.status < 200 || response.status > 299) throw new Error(`${what} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

async function worker(account: Account, index: number) {
  let cookie = await signUpOverHttp(base, account);
  const files: string[] = [];
  for (let n = 0; performance.now() < deadline; n++) {
    const word = WORDS[(n + index) % WORDS.length]!;
    switch (n % 5) {
      case 0:
        await timed('sign-in', async (signal) => {
          const response = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            signal,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: account.email, password: account.password }),
          });
          await expectOk(response, 'sign-in');
          cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');
        });
        break;
      case 1:
        await timed('chat', async (signal) => {
          const response = await fetch(`${base}/api/chat`, {
            method: 'POST',
            signal,
            headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
            body: JSON.stringify({ message: `Tell me about the ${word}, message ${n}.` }),
          });
          if (response.status !== 200) await expectOk(response, 'chat');
          let finished = false;
          for await (const { event } of readSse(response.body!)) if (event === 'done') finished = true;
          if (!finished) throw new Error('chat ended without done');
        });
        break;
      case 2:
        await timed('upload', async () => {
          const bytes = Buffer.from(`Note ${n} of worker ${index}: the ${word} report. ${'Steady words for the index. '.repeat(40)}`);
          const file = await uploadBytes(base, cookie, { name: `note-${n}.txt`, type: 'text/plain', bytes });
          files.push(file.id);
        });
        if (files.length > KEEP_FILES) {
          const oldest = files.shift()!;
          await timed('delete', async (signal) => void (await expectOk(await fetch(`${base}/api/files/${oldest}`, { method: 'DELETE', signal, headers: { cookie } }), 'delete')));
        }
        break;
      default:
        await timed('search', async (signal) => void (await expectOk(await fetch(`${base}/api/search?q=${word}`, { signal, headers: { cookie } }), 'search')));
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

function sample() {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  samples.push({ at: performance.now() - started, rssMb, fds: readdirSync(`/proc/${pid}/fd`).length });
}

sample();
const sampler = setInterval(sample, SAMPLE_MS);
await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(newAccount('soak'), index)));
clearInterval(sampler);
sample();
await stopGenie(spawned);
await fake.close();
data.remove();

/** Least-squares slope of y over x (per unit of x). */
function slope(points: { x: number; y: number }[]) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

const third = (MINUTES * 60_000) / 3;
const tenMinutes = 10 * 60_000;
const late = samples.filter((s) => s.at >= third);
const early = samples.filter((s) => s.at < third);
const rssSlope = slope(late.map((s) => ({ x: s.at, y: s.rssMb }))) * tenMinutes;
const fdSlope = slope(late.map((s) => ({ x: s.at, y: s.fds }))) * tenMinutes;
const errors = done.filter((d) => d.error);
const perMinute = Array.from({ length: MINUTES }, (_, minute) => done.filter((d) => !d.error && d.at >= minute * 60_000 && d.at < (minute + 1) * 60_000).map((d) => d.ms));
const p99s = perMinute.map((values) => (values.length ? percentile(values, 99) : 0));
const firstThirdMinutes = Math.max(1, Math.floor(MINUTES / 3));
const baselineP99 = median(p99s.slice(0, firstThirdMinutes));
const worstLateP99 = Math.max(...p99s.slice(firstThirdMinutes));
const p99Limit = Math.max(2 * baselineP99, 50);
const trial = TRIAL ? ` (${MINUTES}-minute trial)` : '';
const trialGap = TRIAL ? `A ${MINUTES}-minute trial proves the soak runs; the judgement is the 30-minute run (SOAK_MINUTES=30) on a quiet machine.` : undefined;
const counts = Object.entries(done.reduce<Record<string, number>>((all, d) => ({ ...all, [d.kind]: (all[d.kind] ?? 0) + 1 }), {}))
  .map(([kind, count]) => `${count} ${kind}`)
  .join(', ');
const range = (values: number[], digits = 0) => `${round(Math.min(...values), digits)}-${round(Math.max(...values), digits)}`;

report({
  figure: `Soak${trial}: resident memory of the Genie process, ${WORKERS} accounts' mixed load (${counts})`,
  baseline: `first third: ${range(early.map((s) => s.rssMb))} MB (${early.length} samples, every 10 s)`,
  measured: `last two thirds: ${range(late.map((s) => s.rssMb))} MB; least-squares slope ${round(rssSlope, 1)} MB per 10 min`,
  ratio: round(Math.max(...late.map((s) => s.rssMb)) / Math.max(...early.map((s) => s.rssMb))),
  target: `flat: slope < ${RSS_SLOPE_LIMIT_MB} MB per 10 min over the last two thirds`,
  met: !TRIAL && rssSlope < RSS_SLOPE_LIMIT_MB,
  gap: trialGap ?? `Resident memory rose ${round(rssSlope, 1)} MB per 10 minutes over the last two thirds.`,
});
report({
  figure: `Soak${trial}: open descriptors of the Genie process`,
  baseline: `first third: ${range(early.map((s) => s.fds))}`,
  measured: `last two thirds: ${range(late.map((s) => s.fds))}; least-squares slope ${round(fdSlope, 1)} per 10 min`,
  ratio: round(Math.max(...late.map((s) => s.fds)) / Math.max(...early.map((s) => s.fds))),
  target: `flat: slope < ${FD_SLOPE_LIMIT} per 10 min over the last two thirds`,
  met: !TRIAL && fdSlope < FD_SLOPE_LIMIT,
  gap: trialGap ?? `Open descriptors rose ${round(fdSlope, 1)} per 10 minutes.`,
});
report({
  figure: `Soak${trial}: errors`,
  baseline: '0 errors',
  measured: `${errors.length} of ${done.length} requests${errors.length ? ` (first: ${errors[0]!.kind}: ${errors[0]!.error})` : ''}`,
  ratio: done.length ? round(errors.length / done.length, 4) : 1,
  target: '0 errors',
  met: !TRIAL && errors.length === 0 && done.length > 0,
  gap: trialGap ?? `${errors.length} requests failed.`,
});
report({
  figure: `Soak${trial}: p99 latency per minute`,
  baseline: `first third's median per-minute p99: ${round(baselineP99, 1)} ms`,
  measured: `last two thirds' worst minute: ${round(worstLateP99, 1)} ms (per minute: ${p99s.map((p) => round(p, 0)).join(', ')} ms)`,
  ratio: round(worstLateP99 / baselineP99),
  target: "steady: every later minute's p99 ≤ 2x the first third's (or 50 ms, whichever is higher)",
  met: !TRIAL && worstLateP99 <= p99Limit,
  gap: trialGap ?? `A later minute's p99 reached ${round(worstLateP99, 1)} ms, over ${round(p99Limit, 1)} ms.`,
});
process.exit(0);
