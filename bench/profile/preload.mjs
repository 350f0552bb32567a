// Preloaded into a profiled Genie (node --import, through NODE_OPTIONS, which does not take
// --cpu-prof on Node 20). For bench/profile/ scripts only; never loaded by the product.
// - Counts the statements the embedded database runs, by the requests the server's thread posts
//   to the database's worker thread (server/db/pglite-protocol.ts): each query, and a
//   transaction's begin and end, as they are round trips too. SIGUSR2 prints the running total to
//   stderr as `STATEMENTS=<n>`.
// - With GENIE_CPU_PROFILE=<file>, a first SIGHUP starts a V8 CPU profile (so start-up is left
//   out) and prints `PROFILE_STARTED`; the next writes it to that file and prints `PROFILE_WRITTEN`,
//   and so on in turn (bench/profile/api-first-token.ts profiles one block at a time).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { Worker } from 'node:worker_threads';

const ROUND_TRIPS = new Set(['query', 'begin', 'end']);
let statements = 0;
const original = Worker.prototype.postMessage;
Worker.prototype.postMessage = function counted(message, ...rest) {
  if (ROUND_TRIPS.has(message?.kind)) statements++;
  return original.call(this, message, ...rest);
};
process.on('SIGUSR2', () => process.stderr.write(`STATEMENTS=${statements}\n`));

const profileFile = process.env.GENIE_CPU_PROFILE;
if (profileFile) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on('SIGHUP', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start', () => process.stderr.write('PROFILE_STARTED\n'))),
      );
      return;
    }
    running = false; // the next SIGHUP starts a new profile
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(profileFile, JSON.stringify(result.profile));
      process.stderr.write(error ? `PROFILE_FAILED ${error.message}\n` : 'PROFILE_WRITTEN\n');
    });
  });
}
