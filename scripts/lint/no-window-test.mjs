// No `typeof window` under client/src/features (issue 46 item 1): a component learns whether it is
// drawn on the server, and the window's size and media queries, from the Screen context
// (client/src/lib/screen.ts), which the server render entry provides; a branch on `typeof window`
// is a second, unchecked seam. Code outside a component reads the browser in an effect, or detects
// a feature on `globalThis` (the window in a browser, without it in a Node test).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOTS = ['client/src/features/'];
const SOURCE = /\.(ts|tsx)$/;
const WINDOW_TEST = /typeof\s+window\b/;

/** Each `typeof window` under ROOTS, as file and line number. */
export function windowTests(root) {
  const files = execFileSync('git', ['ls-files', ...ROOTS], { cwd: root, encoding: 'utf8' }).split('\n');
  const found = [];
  for (const file of files) {
    if (!SOURCE.test(file)) continue;
    readFileSync(`${root}/${file}`, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (WINDOW_TEST.test(line)) found.push({ file, line: index + 1 });
      });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = windowTests(fileURLToPath(new URL('../..', import.meta.url)));
  for (const { file, line } of found) {
    console.error(`${file}:${line} tests \`typeof window\`; ask useScreen() (client/src/lib/screen.ts) whether the page is drawn on the server, and for the window's size and media queries.`);
  }
  if (found.length > 0) process.exit(1);
  console.log(`No \`typeof window\` under ${ROOTS.join(', ')}.`);
}
