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

/** Longest compressed state a share link may carry (characters after `#s=` or `#item=`). */
export const MAX_LINK_CHARS = 60_000;
/** Longest decompressed state (characters of JSON) accepted from a link or local storage. */
export const MAX_STATE_JSON_CHARS = 400_000;
/** Per-field caps inside a link: generous, so a workspace over the scoring limits still round-trips. */
export const MAX_LINK_TEXT_CHARS = 100_000;
