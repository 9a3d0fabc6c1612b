// Input limits of the Scorer. Scoring limits are what one live re-score may take; link limits
// bound what an untrusted share link may carry (it is decompressed and parsed, never run).

// The scoring limits are defined once, in core (the engine enforces the same ones).
export { MAX_CANDIDATE_CHARS, MAX_CONTEXT_CHARS, MAX_CANDIDATES } from '../core/limits';

// The link limits are defined in core too: `lengthlens check` builds no item link the app would refuse.
export { MAX_LINK_CHARS, MAX_LINK_TEXT_CHARS, MAX_STATE_JSON_CHARS } from '../core/limits';
