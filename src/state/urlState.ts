// The Scorer's state in the URL hash: `#s=<lz-string compressed JSON>`. The hash is untrusted:
// it is size-checked before and after decompression, parsed as JSON (never evaluated) and
// validated with the workspace schema.
import { decodeLinkPayload, encodeLinkPayload } from './linkPayload';
import { parseWorkspace, type ParseResult, type Workspace } from './workspaceSchema';

export { decodeLinkPayload, encodeLinkPayload };

export const HASH_PREFIX = '#s=';

export function encodeWorkspace(ws: Workspace): string {
  return encodeLinkPayload(ws);
}

export function workspaceHash(ws: Workspace): string {
  return HASH_PREFIX + encodeWorkspace(ws);
}

/** Whether a hash carries Scorer state at all (as opposed to no state, or another room). */
export function hasStateHash(hash: string): boolean {
  return hash.startsWith(HASH_PREFIX);
}

/** Decode `#s=...`; every failure comes back as a message that says what was wrong. */
export function decodeWorkspaceHash(hash: string): ParseResult {
  if (!hasStateHash(hash)) return { ok: false, error: 'the link carries no Scorer state' };
  const raw = decodeLinkPayload(hash.slice(HASH_PREFIX.length), 'state');
  if (!raw.ok) return raw;
  const r = parseWorkspace(raw.value);
  return r.ok ? r : { ok: false, error: `the link's state is invalid: ${r.error}` };
}
