/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): a passage scores Σ 1/(k + rank)
 * over the rankings it appears in (rank from 1). It needs no calibration between full-text and
 * vector scores, which live on unrelated scales, and k = 60 is the paper's constant.
 */
export const RRF_K = 60;

/** Ids ranked by their fused score, best first (ties: the order they were first seen). */
export function fuseRanks(rankings: string[][], k = RRF_K): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
