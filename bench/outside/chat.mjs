// Figure 1: chat first-token overhead at 1, 20, 100 and 200 at once, Genie (`npm start`) against
// the 30-line proxy in front of the same fake model server, alternated round by round, each chat
// of a round from its own account (as many users chatting at once are), model titles at their
// default. Per round: the median first token and total time of its N chats on each side.
import { databases } from './lib/databases.mjs';
import { signUp, timedChat } from './lib/http.mjs';
import { freePort, healthyAfter, spawnGenie, startFakeModel, startProxy, stop, stopGenie, tempDataDir } from './lib/processes.mjs';
import { loadTracker, median, round } from './lib/stats.mjs';

const LEVELS = (process.env.OUTSIDE_CHAT_LEVELS ?? '1,20,100,200').split(',').map(Number);
const ROUNDS = Number(process.env.OUTSIDE_CHAT_ROUNDS ?? 15);

async function round_(url, cookies, level, tag) {
  const chats = await Promise.all(cookies.slice(0, level).map((cookie, i) => timedChat(url, cookie, `${tag} chat ${i}`)));
  return { firstToken: median(chats.map((c) => c.firstToken)), total: median(chats.map((c) => c.total)) };
}

async function measureOn(db, fake, proxy) {
  const data = tempDataDir('chat');
  const genie = spawnGenie({ dataDir: data.dir, port: await freePort(), fakeUrl: fake.url, databaseUrl: db.url });
  await healthyAfter(genie.url, genie.started);
  const rows = [];
  try {
    const cookies = [];
    for (let i = 0; i < Math.max(...LEVELS); i++) cookies.push(await signUp(genie.url, 'chat'));
    // Warm-up: JIT and connections on both sides, not counted.
    for (let i = 0; i < 3; i++) {
      await round_(`${genie.url}/api/chat`, cookies, 5, 'warm');
      await Promise.all(Array.from({ length: 5 }, () => timedChat(proxy.url, '', 'warm')));
    }
    for (const level of LEVELS) {
      const load = loadTracker();
      const genieRounds = [];
      const proxyRounds = [];
      const proxyCookies = Array.from({ length: level }, () => '');
      for (let r = 0; r < ROUNDS; r++) {
        // Alternated, and which side goes first alternates too, so neither always follows the other.
        if (r % 2 === 0) {
          genieRounds.push(await round_(`${genie.url}/api/chat`, cookies, level, `r${r}`));
          proxyRounds.push(await round_(proxy.url, proxyCookies, level, `r${r}`));
        } else {
          proxyRounds.push(await round_(proxy.url, proxyCookies, level, `r${r}`));
          genieRounds.push(await round_(`${genie.url}/api/chat`, cookies, level, `r${r}`));
        }
      }
      const overhead = median(genieRounds.map((g, i) => g.firstToken - proxyRounds[i].firstToken));
      const genieFirst = median(genieRounds.map((g) => g.firstToken));
      const proxyFirst = median(proxyRounds.map((p) => p.firstToken));
      const totalRatio = median(genieRounds.map((g) => g.total)) / median(proxyRounds.map((p) => p.total));
      rows.push({ key: `chat-${level}-${db.label}`, level, db: db.label, overhead, genieFirst, proxyFirst, totalRatio, rounds: ROUNDS, load: load() });
    }
  } finally {
    await stopGenie(genie);
    data.remove();
    await db.drop();
  }
  return rows;
}

/** Measures every level on every database; resolves with one entry per level and database. */
export async function measureChat() {
  const fake = await startFakeModel();
  const proxy = await startProxy(fake.url);
  const rows = [];
  try {
    for (const db of await databases()) rows.push(...(await measureOn(db, fake, proxy)));
  } finally {
    await stop(proxy.child);
    await stop(fake.child);
  }
  return rows.map((row) => ({
    key: row.key,
    figure: `Chat, ${row.level} at once (${row.db}): first-token overhead against the proxy`,
    value: row.overhead,
    totalRatio: row.totalRatio,
    text:
      `${round(row.overhead)} ms (Genie ${round(row.genieFirst)} ms, proxy ${round(row.proxyFirst)} ms; ` +
      `total ${round(row.totalRatio, 2)}× the proxy's; median of ${row.rounds} alternated rounds, ${row.level} accounts)`,
    load: row.load,
    level: row.level,
  }));
}
