// The workspace in local storage, so a reload (or a crash) loses nothing. Stored as JSON and
// re-validated on the way back in, like a link.
import { MAX_STATE_JSON_CHARS } from './limits';
import { parseWorkspace, type ParseResult, type Workspace } from './workspaceSchema';

export const STORAGE_KEY = 'lengthlens.scorer.workspace.v1';

export function saveWorkspace(ws: Workspace, storage: Pick<Storage, 'setItem'> = localStorage): string | null {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(ws));
    return null;
  } catch (e) {
    return `the workspace could not be saved locally (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** The saved workspace; `null` when there is none. */
export function loadWorkspace(storage: Pick<Storage, 'getItem'> = localStorage): ParseResult | null {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  if (raw.length > MAX_STATE_JSON_CHARS) return { ok: false, error: 'the saved workspace is too large' };
  try {
    return parseWorkspace(JSON.parse(raw));
  } catch {
    return { ok: false, error: 'the saved workspace is not valid JSON' };
  }
}
