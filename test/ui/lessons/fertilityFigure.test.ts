import { describe, expect, it } from 'vitest';
import { decodeWorkspaceHash } from '../../../src/state/urlState';
import { fertilityCompareHash } from '../../../src/ui/lessons/FertilityFigure';
import { FERTILITY_STEP } from '../../../src/ui/lessons/fertilityStep';

describe('the fertility step’s Compare link', () => {
  it('opens the Scorer on the step’s answers with a second, hub model beside stories260K', () => {
    const w = FERTILITY_STEP.widget;
    if (w.kind !== 'fertility') throw new Error('the fertility step has a fertility widget');
    const r = decodeWorkspaceHash(fertilityCompareHash(w));
    if (!r.ok) throw new Error(r.error);
    expect(r.workspace.context).toBe(w.context);
    expect(r.workspace.candidates).toEqual(w.candidates);
    expect(r.workspace.model).toEqual({ kind: 'served', name: 'stories260K' });
    expect(r.workspace.compare).toEqual({ model: { kind: 'hub', id: 'HuggingFaceTB/SmolLM2-135M-Instruct' }, dtype: 'q4' });
  });
});
