// An item as a Scorer link: `#item=<lz-string JSON {context, choices, gold}>`. The Scorer reads it
// into its workspace (keeping the user's model and options); state/itemLink.ts validates it.
import LZString from 'lz-string';

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
