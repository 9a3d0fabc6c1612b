// Copy a link to this exact view, or an iframe snippet that embeds it. The embed carries a
// snapshot of the current result when there is a fresh one (it renders at once, no download),
// with the second model's result when a comparison is on; otherwise the embed loads the model on
// a click.
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import type { LoadRequest, ModelInfo } from '../../state/engine';
import { useCompare } from '../../state/compareSession';
import { useEngine } from '../../state/engineSession';
import { encodeSnapshot, scorerSnapshot, SNAPSHOT_HASH_PREFIX, type ScorerSnapshot, type SnapshotModel } from '../../state/snapshot';
import { shareUrl } from '../../state/sync';
import { snapshot as workspaceSnapshot, useWorkspace } from '../../state/workspace';
import { copyText, elementSnippet, embedSnippet } from '../embed/embedCode';
import { figureFallbackHtml } from '../embed/figureFallback';
import { ShareButtons, type ShareKind, type Shared } from '../common/ShareButtons';
import { FigureImageButtons } from './FigureImage';

/** How a snapshot names a loaded model, or null for a folder from disk (a link cannot carry it). */
function snapshotModel(request: LoadRequest, info: ModelInfo): SnapshotModel | null {
  const src = request.source;
  if (src.kind !== 'served' && src.kind !== 'hub') return null;
  return { id: info.id, choice: src.kind === 'served' ? { kind: 'served', name: src.name } : { kind: 'hub', id: src.id }, dtype: info.dtype, device: info.device };
}

/** A snapshot link of the result on screen, or why there is none. */
function snapshotLink(): { url: string; payload: string; snapshot: ScorerSnapshot } | { why: string } {
  const { load, scoring } = useEngine.getState();
  const ws = workspaceSnapshot(useWorkspace.getState());
  const result = scoring.result;
  const input = scoring.input;
  if (load.status !== 'ready' || !result || !input || scoring.running) return { why: 'there is no finished result to put in it yet' };
  const fresh = input.context === ws.context && input.candidates.every((c, i) => ws.candidates[input.indices[i]] === c) && input.options.unconditionalContext === ws.unconditionalContext && input.options.boundaryPolicy === ws.boundaryPolicy;
  if (!fresh) return { why: 'the result on screen is older than your edits' };
  const model = snapshotModel(load.request, load.info);
  if (!model) return { why: 'a model folder from disk cannot be named in a link' };
  // The results as the tables show them: counted under the workspace's length convention.
  const lengths = ws.lengths;
  let compare: { model: SnapshotModel; result: typeof result; chatTemplate?: boolean } | undefined;
  if (ws.compare) {
    const second = useCompare.getState();
    if (second.load.status !== 'ready' || !second.result || second.result.context !== result.context || second.result.candidates.some((c, i) => c.text !== result.candidates[i]?.text))
      return { why: 'the second model has not finished scoring this item' };
    const other = snapshotModel(second.load.request, second.load.info);
    if (!other) return { why: 'the second model is a folder from disk, which cannot be named in a link' };
    compare = { model: other, result: withLengthConvention(second.result, lengths), ...(second.load.chatTemplate ? { chatTemplate: true } : {}) };
  }
  const snap = scorerSnapshot(model, withLengthConvention(result, lengths), { indices: input.indices, gold: ws.gold, unconditionalContext: ws.unconditionalContext, boundaryPolicy: ws.boundaryPolicy, lengths, compare });
  if (!snap.ok) return { why: snap.error };
  const enc = encodeSnapshot(snap.snapshot);
  if (!enc.ok) return { why: enc.error };
  return { url: window.location.origin + window.location.pathname + '?embed=1' + SNAPSHOT_HASH_PREFIX + enc.payload, payload: enc.payload, snapshot: snap.snapshot };
}

export function ShareBar() {
  const make = async (kind: ShareKind): Promise<Shared> => {
    if (kind === 'link') {
      const text = shareUrl(false);
      return { text, note: (await copyText(text)) ? 'Link copied.' : 'Select and copy the link above.' };
    }
    const snap = snapshotLink();
    const url = 'url' in snap ? snap.url : shareUrl(true);
    const text = embedSnippet(url, useWorkspace.getState().compare ? 'lengthlens: two models compared' : 'lengthlens: scoring rules compared');
    const copied = await copyText(text);
    const what = 'url' in snap ? `It shows a snapshot of these scores${useWorkspace.getState().compare ? ', on both models,' : ''} at once; readers can run the model live.` : `No snapshot (${snap.why}): the embed loads the model when a reader clicks.`;
    // Beside the iframe: the same snapshot inline, as <lengthlens-figure>.
    const alternative = 'payload' in snap ? { label: 'Or inline in the page, as an element (drawn in a shadow root; the app’s host must allow other sites’ module scripts):', text: elementSnippet(window.location.origin + window.location.pathname, snap.payload, { fallback: figureFallbackHtml(snap.snapshot, snap.url) }) } : undefined;
    return { text, note: `${copied ? 'Embed code copied.' : 'Select and copy the embed code above.'} ${what}`, alternative };
  };
  const figure = () => {
    const s = snapshotLink();
    return 'why' in s ? s : s.snapshot;
  };
  return <ShareButtons label="Share" linkLabel="Copy link" testIds={{ link: 'copy-link', embed: 'copy-embed' }} rows={{ link: 2, embed: 4 }} make={make} extra={<FigureImageButtons snapshot={figure} />} />;
}
