// Input limits of the Scorer. Scoring limits are what one live re-score may take; link limits
// bound what an untrusted share link may carry (it is decompressed and parsed, never run).

/** Longest candidate (code points) that is scored; longer ones get a clear message instead. */
export const MAX_CANDIDATE_CHARS = 8_000;
/** Longest context (code points) that is scored. */
export const MAX_CONTEXT_CHARS = 16_000;
/** Most candidates in one item. */
export const MAX_CANDIDATES = 32;

/** Longest compressed state a share link may carry (characters after `#s=`). */
export const MAX_LINK_CHARS = 60_000;
/** Longest decompressed state (characters of JSON) accepted from a link or local storage. */
export const MAX_STATE_JSON_CHARS = 400_000;
/** Per-field caps inside a link: generous, so a workspace over the scoring limits still round-trips. */
export const MAX_LINK_TEXT_CHARS = 100_000;
