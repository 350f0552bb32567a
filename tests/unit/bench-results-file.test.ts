import { describe, expect, it } from 'vitest';
import { GENERATED_END, GENERATED_START, spliceGenerated } from '../../bench/lib/results-file';

describe('bench/results.md: run.ts rewrites only its own part', () => {
  it('replaces what is between the markers and keeps what is around them', () => {
    const existing = `Intro by hand\n${GENERATED_START}\n# old table\n${GENERATED_END}\n\n## Retrieval (by hand)\nrecall 0.8\n`;
    expect(spliceGenerated(existing, '# new table\n')).toBe(
      `Intro by hand\n${GENERATED_START}\n# new table\n${GENERATED_END}\n\n## Retrieval (by hand)\nrecall 0.8\n`,
    );
  });

  it('keeps the hand-written sections after "Gaps and plans" of a file written before the markers', () => {
    const existing = '# Benchmark results\n\n| a |\n\n## Gaps and plans\n\n- gap\n\n## Real peers (by hand)\nfigure\n';
    expect(spliceGenerated(existing, '# Benchmark results\nnew')).toBe(`${GENERATED_START}\n# Benchmark results\nnew\n${GENERATED_END}\n\n## Real peers (by hand)\nfigure\n`);
  });

  it('writes only the generated part when there is no file yet', () => {
    expect(spliceGenerated(null, 'table')).toBe(`${GENERATED_START}\ntable\n${GENERATED_END}\n`);
  });
});
