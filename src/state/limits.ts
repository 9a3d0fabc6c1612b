// Input limits of the Scorer. Scoring limits are what one live re-score may take; link limits
// bound what an untrusted share link may carry (it is decompressed and parsed, never run).

// The scoring limits are defined once, in core (the engine enforces the same ones).
export { MAX_CANDIDATE_CHARS, MAX_CONTEXT_CHARS, MAX_CANDIDATES } from '../core/limits';

/** Longest compressed state a share link may carry (characters after `#s=`). */
export const MAX_LINK_CHARS = 60_000;
/** Longest decompressed state (characters of JSON) accepted from a link or local storage. */
export const MAX_STATE_JSON_CHARS = 400_000;
/** Per-field caps inside a link: generous, so a workspace over the scoring limits still round-trips. */
export const MAX_LINK_TEXT_CHARS = 100_000;
