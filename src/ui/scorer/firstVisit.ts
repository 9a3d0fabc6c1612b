// The first visit's scores before the model has loaded: the default item scored at build time on
// the default model (firstVisit.json, written by test/ui/scorer/firstVisit.test.ts with
// UPDATE_FIRST_VISIT=1 and checked against a fresh score on every test run). The Scorer shows it,
// labelled as such, from the first paint until the live scores replace it; ONNX Runtime's compile
// alone takes seconds on a cold visit.
import type { ItemScore } from '../../core/scoring/types';
import type { Workspace } from '../../state/workspaceSchema';
import { defaultWorkspace } from '../../state/workspace';
import firstVisit from './firstVisit.json';

export interface FirstVisitScores {
  /** The model and dtype it was computed on (the default workspace's). */
  model: string;
  dtype: string;
  /** Where it was computed: the engine on ONNX Runtime's CPU backend (Node). */
  computedOn: string;
  /** The engine's result, lengths as typed (the table applies the chosen convention). */
  result: ItemScore;
}

/** The lesson whose first step is this item (the note sends newcomers there; a test keeps it so). */
export const FIRST_LESSON = 'sum-and-length';

// JSON widens tuples to arrays; the test holds it to a fresh ItemScore, key by key.
export const FIRST_VISIT: FirstVisitScores = firstVisit as unknown as FirstVisitScores;

/** The build-time scores where the workspace asks for exactly the default item on the default model, else null. */
export function firstVisitScores(ws: Pick<Workspace, 'model' | 'dtype' | 'context' | 'candidates' | 'boundaryPolicy' | 'unconditionalContext' | 'chatTemplate'>): ItemScore | null {
  const d = defaultWorkspace();
  const same =
    JSON.stringify(ws.model) === JSON.stringify(d.model) &&
    ws.dtype === d.dtype &&
    ws.context === d.context &&
    ws.candidates.length === d.candidates.length &&
    ws.candidates.every((c, i) => c === d.candidates[i]) &&
    ws.boundaryPolicy === d.boundaryPolicy &&
    ws.unconditionalContext === d.unconditionalContext &&
    ws.chatTemplate === d.chatTemplate;
  return same ? FIRST_VISIT.result : null;
}
