/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and sums self time per function, so a profile can be
 * compared before and after a change as text: `npx tsx bench/profile/cpu-profile.ts <file> [top]`.
 * Functions are named `name (file:line)` with the file relative to the repository or node_modules.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

// A page's scripts (a profile taken in Chromium) are named by their path on the server.
const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^https?:\/\/[^/]+/, '').replace(/^.*node_modules\//, '').replace(/^.*\/(dist\/server|server|bench)\//, '$1/');

/** Self time in ms per function, and per "owner": Genie's code, each package, node internals, GC/idle. */
export function selfTimes(file: string) {
  return selfTimesOf(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
}

/** As selfTimes, of a profile already read (the inspector's Profiler.stop answers one); `scripts` sums it per script. */
export function selfTimesOf(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  const scripts = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = shortUrl(url);
    const name = `${functionName || '(anonymous)'}${where ? ` (${where}:${lineNumber + 1})` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us / 1000);
    const script = where || '(native)';
    scripts.set(script, (scripts.get(script) ?? 0) + us / 1000);
    const owner = !url
      ? functionName.startsWith('(') ? functionName : 'native'
      : url.includes('node_modules/')
        ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
        : url.startsWith('wasm:')
          ? 'wasm (PGlite: PostgreSQL)'
          : url.startsWith('node:')
            ? 'node internals'
            : 'genie';
    owners.set(owner, (owners.get(owner) ?? 0) + us / 1000);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { totalMs: (profile.endTime - profile.startTime) / 1000, functions: sorted(functions), owners: sorted(owners), scripts: sorted(scripts) };
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const [file, top = '30'] = process.argv.slice(2);
  const { totalMs, functions, owners } = selfTimes(file!);
  console.log(`profile ${Math.round(totalMs)} ms`);
  console.log('\nself time by owner:');
  for (const [owner, ms] of owners.slice(0, 15)) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${owner}`);
  console.log(`\ntop ${top} functions by self time:`);
  for (const [name, ms] of functions.slice(0, Number(top))) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  console.log('\nGenie\'s own functions:');
  for (const [name, ms] of functions.filter(([n]) => /\((dist\/server|server)\//.test(n)).slice(0, Number(top))) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
}
