// `#item=<payload>` (core/check/itemLink.ts): one task item opened in the Scorer. The payload is
// untrusted: decoded with the link limits and validated; it replaces the workspace's context,
// candidates and gold and keeps the user's model and options. `from` remembers the way back.
import { create } from 'zustand';
import * as v from 'valibot';
import { ITEM_HASH_PREFIX, type ItemLinkPayload } from '../core/check/itemLink';
import { MAX_CANDIDATES, MAX_LINK_TEXT_CHARS } from './limits';
import { finiteNumber, issueText, wholeNumber } from './linkSchemas';
import { decodeLinkPayload } from './urlState';
import type { Workspace } from './workspaceSchema';

const text = v.pipe(v.string(), v.maxLength(MAX_LINK_TEXT_CHARS));
const payloadSchema = v.object({
  context: text,
  choices: v.pipe(v.array(text), v.minLength(1), v.maxLength(MAX_CANDIDATES)),
  gold: v.nullable(v.pipe(wholeNumber(), v.minValue(0))),
  logged: v.optional(v.array(v.nullable(finiteNumber()))),
  loggedModel: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export function hasItemHash(hash: string): boolean {
  return hash.startsWith(ITEM_HASH_PREFIX);
}

export function decodeItemHash(hash: string): { ok: true; item: ItemLinkPayload } | { ok: false; error: string } {
  const raw = decodeLinkPayload(hash.slice(ITEM_HASH_PREFIX.length), 'item');
  if (!raw.ok) return raw;
  const r = v.safeParse(payloadSchema, raw.value);
  if (!r.success) return { ok: false, error: `the link's item is invalid: ${issueText(r.issues, 'item')}` };
  const item = r.output;
  if (item.gold !== null && item.gold >= item.choices.length) return { ok: false, error: `the link's item has gold ${item.gold}, past its last choice` };
  // One logged log-likelihood per choice: a longer list would show rows for choices that do not exist.
  if (item.logged && item.logged.length !== item.choices.length)
    return { ok: false, error: `the link's item has ${item.logged.length} logged score${item.logged.length === 1 ? '' : 's'} for ${item.choices.length} choice${item.choices.length === 1 ? '' : 's'}` };
  return { ok: true, item: { ...item, logged: item.logged?.map((x) => x ?? NaN) } };
}

export function workspaceWithItem(ws: Workspace, item: ItemLinkPayload): Workspace {
  return { ...ws, context: item.context, candidates: [...item.choices], gold: item.gold };
}

/** The item the Scorer was opened with from the Task lab: the way back, and the logged scores. */
export const useOpenedItem = create<{ item: ItemLinkPayload | null; clear(): void }>()((set) => ({
  item: null,
  clear: () => set({ item: null }),
}));
