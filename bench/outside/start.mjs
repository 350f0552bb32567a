// Figure 3: `npm start` as users run it. Restart on an existing data directory (spawn to the first
// 200 of /api/health) against bare Fastify's start (spawn to its first 200), alternated; the
// resident memory of the whole process group `npm start` leaves running 10 s after a start; and
// whether `kill <npm pid>` leaves any of it running.
import { freePort, groupRssMb, rssMb, healthyAfter, spawnBare, spawnGenie, startFakeModel, stop, stopGenie, tempDataDir } from './lib/processes.mjs';
import { loadTracker, median } from './lib/stats.mjs';

const ROUNDS = Number(process.env.OUTSIDE_START_ROUNDS ?? 5);
const SETTLE_MS = 10_000;

async function bareStartMs() {
  const started = performance.now();
  const bare = spawnBare();
  const url = await bare.url;
  for (;;) {
    const response = await fetch(`${url}/bare`).catch(() => null);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  await stop(bare.child);
  return ms;
}

/** One `npm start` on `dir`: ms to healthy, group RSS after SETTLE_MS, processes left after kill. */
async function oneStart(dir, fakeUrl) {
  const genie = spawnGenie({ dataDir: dir, port: await freePort(), fakeUrl });
  const ms = await healthyAfter(genie.url, genie.started);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  // The group is npm (its pid is the group's id) and the server it runs; npm's share told apart.
  const groupMb = groupRssMb(genie.child.pid);
  const npmMb = rssMb(genie.child.pid);
  const { leftRunning } = await stopGenie(genie);
  return { ms, rssMb: groupMb, npmMb, leftRunning };
}

export async function measureStart() {
  const fake = await startFakeModel();
  const data = tempDataDir('start');
  try {
    // The first start creates the database (and builds dist/ when it is missing or stale).
    const first = await oneStart(data.dir, fake.url);
    const load = loadTracker();
    const restarts = [];
    const bare = [];
    for (let r = 0; r < ROUNDS; r++) {
      restarts.push(await oneStart(data.dir, fake.url));
      bare.push(await bareStartMs());
    }
    const restartMs = median(restarts.map((s) => s.ms));
    const rss = restarts.map((s) => s.rssMb);
    const left = [first, ...restarts].reduce((sum, s) => sum + s.leftRunning, 0);
    const loadText = load();
    return [
      {
        key: 'restart',
        figure: '`npm start` restart on an existing data directory (PGlite): spawn to the first 200 of /api/health',
        value: restartMs,
        text: `${Math.round(restartMs)} ms (${Math.round(Math.min(...restarts.map((s) => s.ms)))}-${Math.round(Math.max(...restarts.map((s) => s.ms)))}, median of ${ROUNDS}); bare Fastify ${Math.round(median(bare))} ms beside it`,
        load: loadText,
      },
      {
        key: 'group-rss',
        figure: "Resident memory of `npm start`'s whole process group 10 s after a restart (PGlite)",
        value: median(rss),
        text: `${Math.round(median(rss))} MB (${Math.round(Math.min(...rss))}-${Math.round(Math.max(...rss))}), of which npm itself ${Math.round(median(restarts.map((s) => s.npmMb)))} MB; after the first start ${Math.round(first.rssMb)} MB`,
        load: loadText,
      },
      {
        key: 'orphan',
        figure: '`kill <npm pid>` leaves no server running',
        value: left,
        text: `${left} processes of the group still running 5 s after kill, over ${ROUNDS + 1} starts`,
        load: loadText,
      },
    ];
  } finally {
    data.remove();
    await stop(fake.child);
  }
}
