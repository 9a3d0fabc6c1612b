// "Compare with…": a second model beside the first, on the same input: the form that loads it,
// its status, and the comparison (ComparisonView) once both models have scored the input.
import { useEffect, useMemo, useState } from 'react';
import { compareItems } from '../../core/compare/agreement';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import type { ItemScore } from '../../core/scoring/types';
import { useCompare } from '../../state/compareSession';
import { resolveDevice } from '../../state/devices';
import { modelLabel, useEngine } from '../../state/engineSession';
import { useWorkspace } from '../../state/workspace';
import { deviceName } from '../common/DeviceSelect';
import { useDeviceSupport } from '../common/useDeviceSupport';
import { CompareForm } from './CompareForm';
import { candidateLetter } from './format';
import { ComparisonView } from './ComparisonView';
import { WeightsSize } from './WeightsSize';
import './compare.css';

function sourceLabel(req: { source: { kind: string; name?: string; id?: string } }, dtype: string): string {
  return `${req.source.name ?? req.source.id ?? '?'} ${dtype}`;
}

/** `embed`: the comparison a link carries, without the form (an embed shows, it does not load other models). */
export function ModelComparison(props: { result: ItemScore; indices: number[]; embed?: boolean }) {
  const { result, indices } = props;
  const embed = props.embed ?? false;
  const wanted = useWorkspace((s) => s.compare);
  const load = useCompare((s) => s.load);
  // The first model's result comes with the table's length convention applied: the second's gets the same.
  const otherAsScored = useCompare((s) => s.result);
  const lengths = useWorkspace((s) => s.lengths);
  const units = useWorkspace((s) => s.units);
  const other = useMemo(() => (otherAsScored ? withLengthConvention(otherAsScored, lengths) : null), [otherAsScored, lengths]);
  const error = useCompare((s) => s.error);
  const scoring = useEngine((s) => s.scoring);
  const first = useEngine((s) => s.load);
  const support = useDeviceSupport();

  // The workspace (a link, a snapshot embed, the saved state) names a second model: load it
  // once the first is ready. A hub model waits for "Load beside" (SPEC §7: a link must not start
  // a download, nor tell the hub who opened it); an embed's own click (Run live) is that click.
  const firstReady = first.status === 'ready';
  const awaitsClick = !embed && wanted?.model.kind === 'hub';
  useEffect(() => {
    if (!wanted || awaitsClick || !firstReady || load.status !== 'none' || (wanted.device === 'auto' && support === null)) return;
    // WASM where a link made before the device menu names none.
    const device = resolveDevice(wanted.device ?? 'wasm', support);
    void useCompare.getState().loadCompare(wanted.model, wanted.dtype, { device: device === 'webgpu' ? 'webgpu' : 'wasm', chatTemplate: wanted.chatTemplate ?? false });
  }, [wanted, awaitsClick, firstReady, load.status, support]);

  // Score the second model on the input the first one's result belongs to, once that is complete.
  const input = scoring.input;
  const complete = (scoring.pmiPending?.length ?? 0) === 0 && (scoring.wordFinalPending?.length ?? 0) === 0;
  useEffect(() => {
    if (load.status !== 'ready' || !input || !complete) return;
    void useCompare.getState().score({ context: input.context, candidates: input.candidates, options: input.options });
  }, [load, input, complete]);

  const comparison = useMemo(() => {
    if (!other || other.context !== result.context || other.candidates.length !== result.candidates.length) return null;
    if (other.candidates.some((c, i) => c.text !== result.candidates[i].text)) return null;
    return compareItems(result, other);
  }, [result, other]);

  const labelA = first.status === 'ready' ? sourceLabel(first.request, first.request.dtype) : 'A';
  const labelB = load.status === 'ready' || load.status === 'loading' ? `${sourceLabel(load.request, load.request.dtype)}${load.chatTemplate ? ' with its chat template' : ''}` : 'B';
  const letter = (p: number) => (p >= 0 ? candidateLetter(indices[p] ?? p) : '–');

  // The form folds once a second model is in, so the comparison sits right under the table; it
  // opens again on a click (and stays open while the user changes the model).
  const [formOpen, setFormOpen] = useState(load.status !== 'ready');
  useEffect(() => {
    if (load.status === 'ready') setFormOpen(false);
  }, [load.status]);

  return (
    <section className="model-compare" aria-labelledby="compare-title" data-testid="model-compare">
      <h2 id="compare-title">{embed ? 'Two models compared' : 'Compare with…'}</h2>
      {!embed && (
        <details className="compare-form-fold" open={formOpen} onToggle={(e) => setFormOpen(e.currentTarget.open)} data-testid="compare-form-fold">
          <summary>{load.status === 'ready' ? `Second model: ${labelB} (change or close)` : 'The second model'}</summary>
          <CompareForm />
        </details>
      )}
      <p className="small muted" data-testid="compare-status" data-status={load.status}>
        {load.status === 'none' &&
          (awaitsClick && wanted
            ? `This view compares with ${modelLabel(wanted.model)} ${wanted.dtype} from the Hugging Face hub: press Load beside to download it. The first model stays loaded.`
            : 'Load a second model (another model, or this one at another dtype) to see where the two agree. The first model stays loaded.')}
        {load.status === 'loading' && `Loading ${labelB} beside ${labelA}…`}
        {load.status === 'ready' && (
          <>
            First: {labelA}
            {first.status === 'ready' && (
              <>
                {' '}
                (<WeightsSize bytes={first.info.weightBytes} />)
              </>
            )}
            ; second: {labelB} ({deviceName(load.info.device)}, {load.info.vocabSize.toLocaleString('en')}-token vocabulary, <WeightsSize bytes={load.info.weightBytes} />).
            {load.chatTemplate && !load.info.hasChatTemplate && <span className="warning"> {sourceLabel(load.request, load.request.dtype)} has no chat template: its context is scored raw.</span>}
            {load.note && <span className="warning"> {load.note}</span>}
          </>
        )}
        {load.status === 'error' && <span className="error">Could not load the second model: {load.message}</span>}
      </p>
      {error && <p className="error">Scoring the second model failed: {error}</p>}
      {load.status === 'ready' && !comparison && !error && <p className="muted">Scoring {labelB}…</p>}
      {comparison && other && <ComparisonView comparison={comparison} result={result} other={other} indices={indices} labelA={labelA} labelB={labelB} units={units} />}
    </section>
  );
}
