// An item as a Scorer link: `#item=<lz-string JSON {context, choices, gold}>`. The Scorer reads it
// into its workspace (keeping the user's model and options); state/itemLink.ts validates it.
import LZString from 'lz-string';
import { MAX_CANDIDATES, MAX_LINK_CHARS, MAX_LINK_TEXT_CHARS, MAX_STATE_JSON_CHARS } from '../limits';

export const ITEM_HASH_PREFIX = '#item=';

export interface ItemLinkPayload {
  context: string;
  choices: string[];
  /** The first gold index, or null. */
  gold: number | null;
  /** The logged log-likelihood of each choice (lm-eval logs), to show beside the live one. */
  logged?: number[];
  /** The model the log names, when it names one. */
  loggedModel?: string;
}

export function itemHash(p: ItemLinkPayload): string {
  return ITEM_HASH_PREFIX + LZString.compressToEncodedURIComponent(JSON.stringify(p));
}

/**
 * The item's link, or undefined where the app would refuse it (a field past MAX_LINK_TEXT_CHARS,
 * too many choices, JSON past MAX_STATE_JSON_CHARS, or compressed past MAX_LINK_CHARS): the sizes
 * are checked before the (slow, on a huge item) compression.
 */
export function itemHashWithinLimits(p: ItemLinkPayload): string | undefined {
  if (p.choices.length > MAX_CANDIDATES || p.context.length > MAX_LINK_TEXT_CHARS || p.choices.some((c) => c.length > MAX_LINK_TEXT_CHARS)) return undefined;
  const json = JSON.stringify(p);
  if (json.length > MAX_STATE_JSON_CHARS) return undefined;
  const hash = ITEM_HASH_PREFIX + LZString.compressToEncodedURIComponent(json);
  return hash.length - ITEM_HASH_PREFIX.length > MAX_LINK_CHARS ? undefined : hash;
}
