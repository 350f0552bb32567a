// Production files stay under 300 lines (STYLE.md, issue 46 item 3): a longer file fails lint with
// a sentence naming it. Tests, tests/, bench/, migrations and generated files are not counted.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 300;
const ROOTS = ['server/', 'client/src/', 'contract/', 'scripts/'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const NOT_PRODUCTION = /(\.test\.|\.e2e\.|(^|\/)tests\/|(^|\/)bench\/|(^|\/)migrations\/|generated)/;

/** The production files over MAX_LINES, with their lengths. */
export function longFiles(root) {
  const files = execFileSync('git', ['ls-files', ...ROOTS], { cwd: root, encoding: 'utf8' }).split('\n');
  const long = [];
  for (const file of files) {
    if (!SOURCE.test(file) || NOT_PRODUCTION.test(file)) continue;
    const lines = readFileSync(`${root}/${file}`, 'utf8').split('\n').length - 1;
    if (lines > MAX_LINES) long.push({ file, lines });
  }
  return long;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const long = longFiles(fileURLToPath(new URL('../..', import.meta.url)));
  for (const { file, lines } of long) {
    console.error(`${file} has ${lines} lines; production files stay under ${MAX_LINES}: split it by job into files of their own.`);
  }
  if (long.length > 0) process.exit(1);
  console.log(`No production file over ${MAX_LINES} lines.`);
}
