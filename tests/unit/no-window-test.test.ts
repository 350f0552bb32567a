// scripts/lint/no-window-test.mjs: no client feature tests `typeof window` (issue 46 item 1). The
// finder is proved on a small repository, and the rule on this one as it is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the lint, without type declarations
import { windowTests } from '../../scripts/lint/no-window-test.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the no-`typeof window` lint', () => {
  it('reports each line of a feature that tests typeof window, in any feature, and nothing outside the features', () => {
    const repo = mkdtempSync(join(tmpdir(), 'no-window-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(repo, path)), { recursive: true });
        writeFileSync(join(repo, path), text);
      };
      write('client/src/features/chat/hooks/wide.ts', "import x from 'y';\nconst wide = typeof  window !== 'undefined';\n");
      write('client/src/features/teams/components/link.tsx', "const a = 1;\nconst b = 2;\nconst url = typeof window === 'undefined' ? a : b;\n");
      write('client/src/features/files/components/grid.tsx', 'const screen = useScreen();\n');
      write('client/src/lib/screen.ts', "const w = typeof window === 'undefined';\n");
      execFileSync('git', ['init', '-q'], { cwd: repo });
      execFileSync('git', ['add', '.'], { cwd: repo });
      expect(windowTests(repo)).toEqual([
        { file: 'client/src/features/chat/hooks/wide.ts', line: 2 },
        { file: 'client/src/features/teams/components/link.tsx', line: 3 },
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('finds none in the features today', () => {
    expect(windowTests(root)).toEqual([]);
  });
});
