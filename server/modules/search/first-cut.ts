/**
 * The first stage of ranking: which passages are scored at all. A question's words are OR-ed, so
 * one common word ("request") matches most of a library, and scoring every match is what made
 * GET /api/search take seconds over 10,000 files. The first cut is bounded instead: passages
 * holding all the words come first, then all but one, then any two, then any one, read in that
 * order until FIRST_CUT_SIZE passages are found (through the GIN index, or, for a level most of a
 * large library matches, by walking the passages: first-cut-reader.ts). Only those get the full score
 * (which reads each passage's search vector); a passage holding fewer of the words is passed over
 * only when more than FIRST_CUT_SIZE passages hold more of them. The levels themselves, bounded
 * whatever the question's length, are built by retrieval-query.ts.
 */

/** Passages the full score is computed on, at most. Measured on bench/retrieval.bench.ts. */
export const FIRST_CUT_SIZE = 600;
