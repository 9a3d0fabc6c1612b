// Where the workspace comes from at start (a link, the local save, or the default) and how it
// flows back out (the URL hash and local storage, debounced). Embedded views never touch local
// storage: a blog reader's figure must not overwrite their own workspace.
import { create } from 'zustand';
import { loadWorkspace, saveWorkspace } from './persist';
import { decodeItemHash, hasItemHash, useOpenedItem, workspaceWithItem } from './itemLink';
import { decodeWorkspaceHash, hasStateHash, workspaceHash } from './urlState';
import { defaultWorkspace, snapshot, useWorkspace } from './workspace';
import { parseWorkspace, type Workspace } from './workspaceSchema';

export type StateOrigin = 'link' | 'saved' | 'default';

interface LinkStatus {
  origin: StateOrigin;
  /** Why a link (or the local save) was not used; shown until dismissed. */
  error: string | null;
  saveError: string | null;
  dismiss(): void;
}

export const useLinkStatus = create<LinkStatus>()((set) => ({
  origin: 'default',
  error: null,
  saveError: null,
  dismiss: () => set({ error: null }),
}));

/** Choose the starting workspace. A bad link falls back to the saved workspace and says why. */
export function initialWorkspace(hash: string, embed: boolean): { workspace: Workspace | null; origin: StateOrigin; error: string | null } {
  let error: string | null = null;
  if (hasStateHash(hash)) {
    const r = decodeWorkspaceHash(hash);
    if (r.ok) return { workspace: r.workspace, origin: 'link', error: null };
    error = `This link could not be opened: ${r.error}.${embed ? '' : ' Your saved workspace is shown instead.'}`;
  }
  // A task item (`#item=`): its strings on top of the saved workspace (model, options) or the default.
  if (hasItemHash(hash)) {
    const r = decodeItemHash(hash);
    if (r.ok) {
      const saved = embed ? undefined : loadWorkspace();
      useOpenedItem.setState({ item: r.item });
      return { workspace: workspaceWithItem(saved?.ok ? saved.workspace : defaultWorkspace(), r.item), origin: 'link', error: null };
    }
    error = `This item link could not be opened: ${r.error}.`;
  }
  if (!embed) {
    const saved = loadWorkspace();
    if (saved?.ok) return { workspace: saved.workspace, origin: 'saved', error };
    if (saved && !saved.ok && !error) error = `Your saved workspace could not be restored (${saved.error}); the default is shown.`;
  }
  return { workspace: null, origin: 'default', error };
}

let lastWrittenHash = '';

/** A "#/<room>…" hash: the Scorer's own hashes are "#/" and its state hash. */
function isRoomRoute(hash: string): boolean {
  return hash.length > 2 && hash.startsWith('#/') && !hasStateHash(hash);
}

/** Put the starting workspace in the store; call before the first render that reads it. */
export function applyInitialWorkspace(embed: boolean): void {
  const start = initialWorkspace(window.location.hash, embed);
  if (start.workspace) useWorkspace.getState().replace(start.workspace);
  useLinkStatus.setState({ origin: start.origin, error: start.error });
}

/** Keep the hash and local storage in step with the store. */
export function startWorkspaceSync(embed: boolean): () => void {
  const start = { origin: useLinkStatus.getState().origin };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    const ws = snapshot(useWorkspace.getState());
    // Never store a state that would not load back: keep the last good one and say why.
    const check = parseWorkspace(ws);
    if (!check.ok) {
      useLinkStatus.setState({ saveError: `Not saved and not in the link (the last good state is kept): ${check.error}.` });
      return;
    }
    const hash = workspaceHash(ws);
    // A room route ("#/task", "#/lessons/…") belongs to another room: never overwrite it.
    if (hash !== window.location.hash && !isRoomRoute(window.location.hash)) {
      lastWrittenHash = hash;
      history.replaceState(history.state, '', window.location.pathname + window.location.search + hash);
    }
    useLinkStatus.setState({ saveError: embed ? null : saveWorkspace(ws) });
  };
  // Only write back once the user's state is applied, so a bad link stays visible to fix.
  if (start.origin !== 'default' || !hasStateHash(window.location.hash)) write();
  const openItem = (hash: string) => {
    const r = decodeItemHash(hash);
    if (r.ok) {
      useOpenedItem.setState({ item: r.item });
      useWorkspace.getState().replace(workspaceWithItem(snapshot(useWorkspace.getState()), r.item));
      useLinkStatus.setState({ origin: 'link', error: null });
    } else useLinkStatus.setState({ error: `This item link could not be opened: ${r.error}. Your workspace is unchanged.` });
  };
  const unsub = useWorkspace.subscribe(() => {
    clearTimeout(timer);
    timer = setTimeout(write, 250);
  });
  // A link pasted into the address bar while the page is open.
  const onHash = () => {
    const hash = window.location.hash;
    if (hasItemHash(hash)) return openItem(hash);
    if (!hasStateHash(hash) || hash === lastWrittenHash) return;
    const r = decodeWorkspaceHash(hash);
    if (r.ok) {
      lastWrittenHash = hash;
      useWorkspace.getState().replace(r.workspace);
      useLinkStatus.setState({ origin: 'link', error: null });
    } else {
      useLinkStatus.setState({ error: `This link could not be opened: ${r.error}. Your workspace is unchanged.` });
    }
  };
  window.addEventListener('hashchange', onHash);
  return () => {
    clearTimeout(timer);
    unsub();
    window.removeEventListener('hashchange', onHash);
  };
}

/** The share link of the current workspace. */
export function shareUrl(embed: boolean): string {
  const ws = snapshot(useWorkspace.getState());
  const base = window.location.origin + window.location.pathname;
  return base + (embed ? '?embed=1' : '') + workspaceHash(ws);
}
