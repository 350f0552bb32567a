// scripts/lint/no-window-test.mjs: no client feature tests `typeof window` (issue 46 item 1). The
// finder is proved on a small repository, and the rule on this one as it is.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withGitRepository } from '../support/git-repository';
// @ts-expect-error: a plain .mjs script of the lint, without type declarations
import { windowTests } from '../../scripts/lint/no-window-test.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the no-`typeof window` lint', () => {
  it('reports each line of a feature that tests typeof window, in any feature, and nothing outside the features', () => {
    const files = {
      'client/src/features/chat/hooks/wide.ts': "import x from 'y';\nconst wide = typeof  window !== 'undefined';\n",
      'client/src/features/teams/components/link.tsx': "const a = 1;\nconst b = 2;\nconst url = typeof window === 'undefined' ? a : b;\n",
      'client/src/features/files/components/grid.tsx': 'const screen = useScreen();\n',
      'client/src/lib/screen.ts': "const w = typeof window === 'undefined';\n",
    };
    expect(withGitRepository(files, windowTests)).toEqual([
      { file: 'client/src/features/chat/hooks/wide.ts', line: 2 },
      { file: 'client/src/features/teams/components/link.tsx', line: 3 },
    ]);
  });

  it('finds none in the features today', () => {
    expect(windowTests(root)).toEqual([]);
  });
});
