// The room's scoring status under the banner: a failed score, or where the scores will come from.
import type { ScorerView } from './types';

export const statusView: ScorerView = {
  key: 'status',
  label: 'the scoring status',
  lazy: false,
  room: (p) => (
    <>
      {p.scoring.error && (
        <p className="error" role="alert">
          Scoring failed: {p.scoring.error}
        </p>
      )}
      {!p.result && p.loadStatus === 'ready' && p.input.candidates.length > 0 && <p className="muted placeholder">Scoring…</p>}
      {!p.result && p.loadStatus !== 'ready' && (
        // While a model loads, asking for one would be untrue: say when the scores come.
        <p className="muted placeholder" data-testid="results-placeholder">
          {p.loadStatus === 'loading' ? 'The scores appear once the model has loaded.' : p.embed ? 'Load the model to see the scores.' : 'Load a model to see the scores.'}
        </p>
      )}
    </>
  ),
};
