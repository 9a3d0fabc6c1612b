// Re-score as the user types: every change abandons the run in flight at once; the new run
// starts after a short pause in typing and asks the engine only for what the cache lacks.
import { useEffect, useMemo } from 'react';
import { DEFAULT_SCORE_OPTIONS, type ScoreOptions } from '../../core/scoring/types';
import { checkInput, type ScorableInput } from '../../state/inputCheck';
import { useEngine } from '../../state/engineSession';
import { useWorkspace } from '../../state/workspace';

export const DEBOUNCE_MS = 200;

export function useLiveScoring(): { input: ScorableInput; options: ScoreOptions } {
  const context = useWorkspace((s) => s.context);
  const candidates = useWorkspace((s) => s.candidates);
  const boundaryPolicy = useWorkspace((s) => s.boundaryPolicy);
  const unconditionalContext = useWorkspace((s) => s.unconditionalContext);
  const chatTemplate = useWorkspace((s) => s.chatTemplate);
  const ready = useEngine((s) => s.load.status === 'ready');
  const loadedInfo = useEngine((s) => (s.load.status === 'ready' ? s.load.info : null));

  const input = useMemo(() => checkInput(context, candidates), [context, candidates]);
  const options = useMemo<ScoreOptions>(
    () => ({ ...DEFAULT_SCORE_OPTIONS, boundaryPolicy, unconditionalContext }),
    [boundaryPolicy, unconditionalContext],
  );
  const compareTemplate = chatTemplate && !!loadedInfo?.hasChatTemplate;

  useEffect(() => {
    if (!ready) return;
    const engine = useEngine.getState();
    engine.abandonRuns();
    if (input.candidates.length === 0) {
      engine.clearResult();
      return;
    }
    const scored = { context: input.context, candidates: input.candidates, indices: input.indices, options, compareTemplate };
    // Rows whose result is cached stay fresh; the rest show that they are being re-scored.
    // Everything cached (a reorder, a removal, an undo): show it at once, without the pause.
    if (engine.markRescoring(scored) === 0 && !compareTemplate) {
      void engine.score(scored);
      return;
    }
    const timer = setTimeout(() => {
      void useEngine.getState().score(scored);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [ready, input, options, compareTemplate, loadedInfo]);

  return { input, options };
}
