/**
 * bench/results.md is shared: bench/run.ts owns the part between its two markers and rewrites only
 * that; everything outside them (hand-written sections such as a bench run on its own, plans,
 * single checks) is kept as it is. A file without the markers (written before they existed) keeps
 * everything from its first section that run.ts does not write, i.e. the first `## ` heading after
 * "## Gaps and plans".
 */
export const GENERATED_START = '<!-- bench/run.ts writes from here: edits up to the end marker are overwritten -->';
export const GENERATED_END = '<!-- bench/run.ts writes up to here: add hand-written sections below -->';

/** The existing file with its generated part replaced by `generated` (which has no markers). */
export function spliceGenerated(existing: string | null, generated: string): string {
  const block = `${GENERATED_START}\n${generated.trimEnd()}\n${GENERATED_END}\n`;
  if (!existing) return block;
  const start = existing.indexOf(GENERATED_START);
  const end = existing.indexOf(GENERATED_END);
  if (start !== -1 && end > start) {
    return existing.slice(0, start) + block + existing.slice(end + GENERATED_END.length).replace(/^\n/, '');
  }
  // Before the markers: run.ts wrote the top of the file up to its "Gaps and plans" list.
  const gaps = existing.indexOf('\n## Gaps and plans');
  const kept = gaps === -1 ? existing.search(/^## /m) : existing.indexOf('\n## ', gaps + 1) + 1;
  if (kept <= 0) return gaps === -1 && existing.trim() ? `${block}\n${existing}` : block;
  return `${block}\n${existing.slice(kept)}`;
}
