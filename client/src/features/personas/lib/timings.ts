/** SPEC §9 timings shared by the carousel and the tour. */
export const SLIDE_TRANSITION_MS = 300;
export const SELECTION_DELAY_MS = 500;
