// "Compare with…": a second model beside the first, on the same input: the form that loads it,
// its status, and the comparison (ComparisonView) once both models have scored the input.
import { useEffect, useMemo, useState } from 'react';
import { compareItems } from '../../core/compare/agreement';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { ALL_DTYPES, type Dtype } from '../../core/dtypes';
import type { ItemScore } from '../../core/scoring/types';
import { useCompare } from '../../state/compareSession';
import { modelLabel, useEngine } from '../../state/engineSession';
import { useWorkspace } from '../../state/workspace';
import type { ModelChoice } from '../../state/workspaceSchema';
import { candidateLetter } from './format';
import { ComparisonView } from './ComparisonView';
import { WeightsSize } from './WeightsSize';
import './compare.css';

function choiceOfName(name: string): ModelChoice {
  // An org/name is a hub id; anything else a model the app serves.
  return /^[\w.-]+\/[\w.-]+$/.test(name) ? { kind: 'hub', id: name } : { kind: 'served', name };
}

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
  const other = useMemo(() => (otherAsScored ? withLengthConvention(otherAsScored, lengths) : null), [otherAsScored, lengths]);
  const error = useCompare((s) => s.error);
  const scoring = useEngine((s) => s.scoring);
  const first = useEngine((s) => s.load);
  const [name, setName] = useState(() => (wanted ? modelLabel(wanted.model) : 'stories260K'));
  const [dtype, setDtype] = useState<Dtype>(() => wanted?.dtype ?? 'q4');

  // The workspace (a link, a snapshot embed, the saved state) names a second model: load it
  // once the first is ready.
  const firstReady = first.status === 'ready';
  useEffect(() => {
    if (wanted && firstReady && load.status === 'none') void useCompare.getState().loadCompare(wanted.model, wanted.dtype);
  }, [wanted, firstReady, load.status]);

  // Score the second model on the input the first one's result belongs to, once that is complete.
  const input = scoring.input;
  const complete = (scoring.pmiPending?.length ?? 0) === 0;
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
  const labelB = load.status === 'ready' || load.status === 'loading' ? sourceLabel(load.request, load.request.dtype) : 'B';
  const letter = (p: number) => (p >= 0 ? candidateLetter(indices[p] ?? p) : '–');

  return (
    <section className="model-compare" aria-labelledby="compare-title" data-testid="model-compare">
      <h2 id="compare-title">{embed ? 'Two models compared' : 'Compare with…'}</h2>
      {!embed && (
        <form
          className="compare-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() === '') return;
            const model = choiceOfName(name.trim());
            useWorkspace.getState().setCompare({ model, dtype });
            void useCompare.getState().loadCompare(model, dtype);
          }}
        >
          <label>
            second model <input data-testid="compare-model" value={name} onChange={(e) => setName(e.target.value)} list="compare-models" spellCheck={false} />
          </label>
          <datalist id="compare-models">
            <option value="stories260K" />
          </datalist>
          <label>
            dtype{' '}
            <select data-testid="compare-dtype" value={dtype} onChange={(e) => setDtype(e.target.value as Dtype)}>
              {ALL_DTYPES.map((d) => (
                <option key={d}>{d}</option>
              ))}
            </select>
          </label>
          <button type="submit" data-testid="compare-load" disabled={load.status === 'loading'}>
            Load beside
          </button>
          {load.status === 'ready' && (
            <button
              type="button"
              onClick={() => {
                useWorkspace.getState().setCompare(undefined);
                void useCompare.getState().close();
              }}
            >
              Close
            </button>
          )}
        </form>
      )}
      <p className="small muted" data-testid="compare-status" data-status={load.status}>
        {load.status === 'none' && 'Load a second model (another model, or this one at another dtype) to see where the two agree. The first model stays loaded.'}
        {load.status === 'loading' && `Loading ${labelB} beside ${labelA}…`}
        {load.status === 'ready' && (
          <>
            A = {labelA}
            {first.status === 'ready' && (
              <>
                {' '}
                (<WeightsSize bytes={first.info.weightBytes} />)
              </>
            )}
            , B = {labelB} (WASM, {load.info.vocabSize.toLocaleString('en')}-token vocabulary, <WeightsSize bytes={load.info.weightBytes} />).
          </>
        )}
        {load.status === 'error' && <span className="error">Could not load the second model: {load.message}</span>}
      </p>
      {error && <p className="error">Scoring the second model failed: {error}</p>}
      {load.status === 'ready' && !comparison && !error && <p className="muted">Scoring {labelB}…</p>}
      {comparison && other && <ComparisonView comparison={comparison} result={result} other={other} indices={indices} labelA={labelA} labelB={labelB} />}
    </section>
  );
}
