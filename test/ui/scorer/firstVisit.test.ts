// The first visit's build-time scores (src/ui/scorer/firstVisit.json) are what the engine scores
// now for the default item on the default model: a change to the engine, the model or the default
// item fails here until the file is rewritten (UPDATE_FIRST_VISIT=1 npx vitest run this file).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../../src/engine/node';
import { DEFAULT_SCORE_OPTIONS } from '../../../src/core/scoring/types';
import { defaultWorkspace } from '../../../src/state/workspace';
import { LESSONS } from '../../../src/ui/lessons/content';
import { FIRST_LESSON, FIRST_VISIT, firstVisitScores } from '../../../src/ui/scorer/firstVisit';
import { MODELS_DIR } from '../../paths';
import { expectClose } from '../../closeTo';

const FILE = path.resolve('src/ui/scorer/firstVisit.json');

describe('the first visit\'s build-time scores', () => {
  it('equal a fresh score of the default item on the default model', async () => {
    const ws = defaultWorkspace();
    expect(ws.model).toEqual({ kind: 'served', name: 'stories260K' });
    const engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, ws.dtype);
    const fresh = await engine.score({ context: ws.context, candidates: ws.candidates, options: { ...DEFAULT_SCORE_OPTIONS, boundaryPolicy: ws.boundaryPolicy, unconditionalContext: ws.unconditionalContext } });
    await engine.unload();
    if (process.env.UPDATE_FIRST_VISIT) {
      const out = { model: 'stories260K', dtype: ws.dtype, computedOn: 'the lengthlens engine on ONNX Runtime (CPU)', result: fresh };
      fs.writeFileSync(FILE, JSON.stringify(out) + '\n');
      return;
    }
    expect(FIRST_VISIT.model).toBe('stories260K');
    expect(FIRST_VISIT.dtype).toBe(ws.dtype);
    // float32 log-probs: within 1e-4 on any processor (ONNX Runtime's kernels differ by instruction set).
    expectClose(FIRST_VISIT.result, JSON.parse(JSON.stringify(fresh)), 'first visit', 1e-4);
  }, 60_000);

  it('is offered for exactly the default item on the default model', () => {
    const ws = defaultWorkspace();
    expect(firstVisitScores(ws)).toBe(FIRST_VISIT.result);
    expect(firstVisitScores({ ...ws, candidates: [...ws.candidates.slice(0, 2), ' zebras.'] })).toBeNull();
    expect(firstVisitScores({ ...ws, context: ws.context + ' ' })).toBeNull();
    expect(firstVisitScores({ ...ws, dtype: 'q4' })).toBeNull();
    expect(firstVisitScores({ ...ws, model: { kind: 'served', name: 'tiny-llama-plain' } })).toBeNull();
    expect(firstVisitScores({ ...ws, unconditionalContext: 'Answer:' })).toBeNull();
    expect(firstVisitScores({ ...ws, boundaryPolicy: 'separate' })).toBeNull();
  });

  it('is the item the first step of Lesson 1 walks through (the note says so)', () => {
    const ws = defaultWorkspace();
    expect(LESSONS[0].id).toBe(FIRST_LESSON);
    const widget = LESSONS[0].steps[0].widget;
    expect(widget.kind).toBe('scorer');
    if (widget.kind !== 'scorer') return;
    expect(widget.context).toBe(ws.context);
    expect(widget.candidates).toEqual(ws.candidates);
  });
});
