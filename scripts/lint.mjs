// `npm run lint`: ESLint (import boundaries, cycles and query keys, eslint.config.mjs),
// `drizzle-kit check` (the migration folder is consistent) and the schema drift check
// (server/db/schema/ matches the newest migration) and that docs/decisions.md's index names every
// section (scripts/lint/decisions-index.mjs) and that no production file is over 300 lines
// (scripts/lint/file-length.mjs), that each table is written by its one owner
// (scripts/lint/table-owners.mjs) and that no client feature tests `typeof window`
// (scripts/lint/no-window-test.mjs). The seven run at once, each to the end, and
// their output is printed one after the other, so one run shows every problem.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const checks = [
  ['ESLint', [join(root, 'node_modules/eslint/bin/eslint.js'), '.']],
  ['drizzle-kit check', [join(root, 'node_modules/drizzle-kit/bin.cjs'), 'check']],
  ['Schema drift', ['--import', 'tsx', join(root, 'scripts/lint/check-schema-drift.ts')]],
  ['Decisions index', [join(root, 'scripts/lint/decisions-index.mjs')]],
  ['File length', [join(root, 'scripts/lint/file-length.mjs')]],
  ['Table owners', [join(root, 'scripts/lint/table-owners.mjs')]],
  ['No typeof window', [join(root, 'scripts/lint/no-window-test.mjs')]],
];

function run([label, args]) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: process.env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ label, ok: false, output: `${output}${error.message}\n`, seconds: 0 }));
    child.on('close', (code) => resolve({ label, ok: code === 0, output, seconds: (performance.now() - started) / 1000 }));
  });
}

const results = await Promise.all(checks.map(run));
for (const { label, ok, output, seconds } of results) {
  process.stdout.write(output);
  console.log(`${ok ? '✓' : '✗'} ${label} (${seconds.toFixed(1)} s)`);
}
const failed = results.filter((r) => !r.ok).map((r) => r.label);
if (failed.length > 0) {
  console.error(`Lint failed: ${failed.join(', ')}`);
  process.exit(1);
}
