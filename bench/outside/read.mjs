// Figure 2: an authenticated JSON read, GET /api/user/subscription on `npm start`, in requests/s
// against bare Fastify's route (bench/lib/bare-fastify.mjs), alternated round by round, both
// driven by the same keep-alive generator on raw sockets (lib/raw-load.mjs), which saturates bare
// Fastify where node:http's client could not.
import { databases } from './lib/databases.mjs';
import { signUp } from './lib/http.mjs';
import { rawLoadFor as loadFor } from './lib/raw-load.mjs';
import { freePort, healthyAfter, spawnBare, spawnGenie, startFakeModel, stop, stopGenie, tempDataDir } from './lib/processes.mjs';
import { loadTracker, median, round } from './lib/stats.mjs';

const ROUNDS = Number(process.env.OUTSIDE_READ_ROUNDS ?? 6);
const SECONDS = Number(process.env.OUTSIDE_READ_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.OUTSIDE_READ_CONNECTIONS ?? 64);

async function measureOn(db, fake) {
  const data = tempDataDir('read');
  const genie = spawnGenie({ dataDir: data.dir, port: await freePort(), fakeUrl: fake.url, databaseUrl: db.url });
  const bare = spawnBare();
  try {
    await healthyAfter(genie.url, genie.started);
    const bareUrl = `${await bare.url}/bare`;
    const cookie = await signUp(genie.url, 'read');
    const genieUrl = `${genie.url}/api/user/subscription`;
    await loadFor(genieUrl, { cookie, seconds: 1, connections: CONNECTIONS }); // warm-up
    await loadFor(bareUrl, { seconds: 1, connections: CONNECTIONS });
    const load = loadTracker();
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      const g = await loadFor(genieUrl, { cookie, seconds: SECONDS, connections: CONNECTIONS });
      const b = await loadFor(bareUrl, { seconds: SECONDS, connections: CONNECTIONS });
      if (g.errors || b.errors) throw new Error(`read: ${g.errors} errors from Genie, ${b.errors} from bare Fastify`);
      rounds.push({ genie: g.perSecond, bare: b.perSecond, ratio: g.perSecond / b.perSecond });
    }
    const ratio = median(rounds.map((r) => r.ratio));
    return {
      key: `read-${db.label}`,
      figure: `Authenticated JSON read, GET /api/user/subscription (${db.label}): ratio to bare Fastify, requests/s`,
      value: ratio,
      text:
        `${round(ratio, 2)} (Genie ${Math.round(median(rounds.map((r) => r.genie)))} req/s, bare ${Math.round(median(rounds.map((r) => r.bare)))} req/s; ` +
        `${ROUNDS} alternated rounds of ${SECONDS} s, ${CONNECTIONS} keep-alive raw sockets)`,
      load: load(),
    };
  } finally {
    await stop(bare.child);
    await stopGenie(genie);
    data.remove();
    await db.drop();
  }
}

export async function measureRead() {
  const fake = await startFakeModel();
  const rows = [];
  try {
    for (const db of await databases()) rows.push(await measureOn(db, fake));
  } finally {
    await stop(fake.child);
  }
  return rows;
}
