// Input limits of scoring, one definition for the app (src/state checks them before a re-score)
// and the engine (which enforces them for the CLI too). Characters are Unicode code points.

/** Longest candidate (code points) that is scored; longer ones get a clear message instead. */
export const MAX_CANDIDATE_CHARS = 8_000;
/** Longest context (code points) the Scorer scores. */
export const MAX_CONTEXT_CHARS = 16_000;
/** Most candidates in one Scorer item. */
export const MAX_CANDIDATES = 32;
/** Most alternatives listed per token (`score --top-k`); the app shows 5. */
export const MAX_TOP_K = 100;
