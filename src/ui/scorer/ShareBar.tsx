// Copy a link to this exact view, or an iframe snippet that embeds it. The embed carries a
// snapshot of the current result when there is a fresh one (it renders at once, no download);
// otherwise the embed loads the model on a click.
import { useEngine } from '../../state/engineSession';
import { encodeSnapshot, scorerSnapshot, SNAPSHOT_HASH_PREFIX, type SnapshotModel } from '../../state/snapshot';
import { shareUrl } from '../../state/sync';
import { snapshot as workspaceSnapshot, useWorkspace } from '../../state/workspace';
import { copyText, embedSnippet } from '../embed/embedCode';
import { ShareButtons, type ShareKind, type Shared } from '../common/ShareButtons';

/** A snapshot link of the result on screen, or why there is none. */
function snapshotLink(): { url: string } | { why: string } {
  const { load, scoring } = useEngine.getState();
  const ws = workspaceSnapshot(useWorkspace.getState());
  const result = scoring.result;
  const input = scoring.input;
  if (load.status !== 'ready' || !result || !input || scoring.running) return { why: 'there is no finished result to put in it yet' };
  const fresh = input.context === ws.context && input.candidates.every((c, i) => ws.candidates[input.indices[i]] === c) && input.options.unconditionalContext === ws.unconditionalContext && input.options.boundaryPolicy === ws.boundaryPolicy;
  if (!fresh) return { why: 'the result on screen is older than your edits' };
  const src = load.request.source;
  if (src.kind !== 'served' && src.kind !== 'hub') return { why: 'a model folder from disk cannot be named in a link' };
  const model: SnapshotModel = { id: load.info.id, choice: src.kind === 'served' ? { kind: 'served', name: src.name } : { kind: 'hub', id: src.id }, dtype: load.info.dtype, device: load.info.device };
  const snap = scorerSnapshot(model, result, { indices: input.indices, gold: ws.gold, unconditionalContext: ws.unconditionalContext, boundaryPolicy: ws.boundaryPolicy });
  if (!snap.ok) return { why: snap.error };
  const enc = encodeSnapshot(snap.snapshot);
  if (!enc.ok) return { why: enc.error };
  return { url: window.location.origin + window.location.pathname + '?embed=1' + SNAPSHOT_HASH_PREFIX + enc.payload };
}

export function ShareBar() {
  const make = async (kind: ShareKind): Promise<Shared> => {
    if (kind === 'link') {
      const text = shareUrl(false);
      return { text, note: (await copyText(text)) ? 'Link copied.' : 'Select and copy the link above.' };
    }
    const snap = snapshotLink();
    const url = 'url' in snap ? snap.url : shareUrl(true);
    const text = embedSnippet(url, 'lengthlens: scoring rules compared');
    const copied = await copyText(text);
    const what = 'url' in snap ? 'It shows a snapshot of these scores at once; readers can run the model live.' : `No snapshot (${snap.why}): the embed loads the model when a reader clicks.`;
    return { text, note: `${copied ? 'Embed code copied.' : 'Select and copy the embed code above.'} ${what}` };
  };
  return <ShareButtons label="Share" linkLabel="Copy link" testIds={{ link: 'copy-link', embed: 'copy-embed' }} rows={{ link: 2, embed: 4 }} make={make} />;
}
