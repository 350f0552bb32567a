import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Runs `check` on a throwaway git repository holding `files` (path → text), all added to the index,
 * and removes it after: what a lint that lists files with `git ls-files` is proved on.
 */
export function withGitRepository<T>(files: Record<string, string>, check: (root: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), 'lint-repository-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '.'], { cwd: root });
    return check(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
