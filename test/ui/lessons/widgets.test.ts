// The lesson widget kinds are registered once: every step's widget has its kind, each kind says
// whether it needs the model, and the kinds that travel in snapshots read back what they wrote.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createNodeEngine } from '../../../src/engine/node';
import { withLengthConvention } from '../../../src/core/scoring/lengthConvention';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../../src/core/scoring/types';
import { DEFAULT_PARAMS, simulateJudge } from '../../../src/core/judge/simulate';
import { LESSON_LENGTHS, LESSONS } from '../../../src/ui/lessons/content';
import { QUIZ } from '../../../src/ui/lessons/quiz';
import { needsModel, snapshotFacts } from '../../../src/ui/lessons/useFacts';
import { widgetKind, WIDGET_KINDS, type Facts } from '../../../src/ui/lessons/widgets';
import type { SnapshotModel } from '../../../src/state/snapshot';

const MODEL: SnapshotModel = { id: 'stories260K', choice: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'wasm' };
const CONTEXT = 'Tim got out of the pool. He was wet and cold. His mom gave him a';
const CANDIDATES = [' hat.', ' big soft towel so he could dry off.', ' zebra.'];
let result: ItemScore;

beforeAll(async () => {
  const engine = await createNodeEngine({ kind: 'path', path: path.resolve('models/stories260K') }, 'fp32');
  result = withLengthConvention(await engine.score({ context: CONTEXT, candidates: CANDIDATES, options: DEFAULT_SCORE_OPTIONS }), LESSON_LENGTHS);
  await engine.unload();
});

describe('lesson widget kinds', () => {
  it('cover every step of every lesson and the quiz, each kind once', () => {
    const kinds = WIDGET_KINDS.map((k) => k.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    const used = new Set([...LESSONS, QUIZ].flatMap((l) => l.steps.map((s) => s.widget.kind)));
    expect([...used].sort()).toEqual([...kinds].sort());
    // The kinds that score on the language model wait for a click in an embed; the others compute at once.
    expect(kinds.filter((k) => needsModel({ kind: k } as Parameters<typeof needsModel>[0]))).toEqual(['scorer', 'task', 'sharpen', 'pmiBytes', 'fertility']);
  });

  it('give a scorer step its candidates as options and its winners as claims, checked against the live numbers', () => {
    const scorer = widgetKind('scorer');
    const w = { kind: 'scorer' as const, context: CONTEXT, candidates: CANDIDATES, focus: [], winners: { acc: 0, acc_norm: 1 } };
    expect(scorer.options?.(w)).toEqual(['A: “·hat.”', 'B: “·big·soft·towel·so·he·could·dry·off.”', 'C: “·zebra.”']);
    const claims = scorer.claims?.(w) ?? [];
    expect(claims.map((c) => c.text)).toEqual(['raw sum picks “hat.”.', 'per-char picks “big soft towel so he could dry off.”.']);
    const facts: Facts = { kind: 'scorer', result };
    expect(claims.map((c) => c.holds(facts))).toEqual([result.winners.acc === 0, result.winners.acc_norm === 1]);
    expect(widgetKind('judge').claims).toBeUndefined();
  });

  it('carry a scorer step and a task step in a snapshot and read back the same numbers, with no differences', () => {
    const scorer = widgetKind('scorer').snapshot!;
    const written = scorer.write({ kind: 'scorer', result }, MODEL);
    if (!written.ok) throw new Error(written.error);
    const widget = LESSONS[0].steps[0].widget;
    const read = snapshotFacts(widget, written.snapshot);
    expect(read).toEqual({ status: 'ready', facts: { kind: 'scorer', result: written.snapshot.kind === 'scorer' ? written.snapshot.result : null }, origin: 'snapshot', model: MODEL });
    expect(scorer.differences(written.snapshot, { kind: 'scorer', result })).toEqual([]);
    // Another item's numbers differ, and a task snapshot is no scorer step's.
    const other = { ...result, winners: { ...result.winners, acc: (result.winners.acc + 1) % 3 } };
    expect(scorer.differences(written.snapshot, { kind: 'scorer', result: other }).length).toBeGreaterThan(0);
    const task = widgetKind('task').snapshot!.write({ kind: 'task', runs: [] }, MODEL);
    if (!task.ok) throw new Error(task.error);
    expect(snapshotFacts(widget, task.snapshot)).toBeNull();
    expect(snapshotFacts({ kind: 'task', view: 'corpus' }, task.snapshot)?.facts).toEqual({ kind: 'task', runs: [] });
    // A kind that never travels in a snapshot reads none.
    expect(snapshotFacts({ kind: 'judge', params: {} }, written.snapshot)).toBeNull();
  });

  it('compute a judge step live, with no model, as the simulation gives it', async () => {
    const ready = await widgetKind('judge').live({ kind: 'judge', params: { m: 1.6, s: 0.3 } });
    expect(ready.origin).toBe('live');
    expect(ready.model).toBeNull();
    if (ready.facts.kind !== 'judge') throw new Error(ready.facts.kind);
    const params = { ...DEFAULT_PARAMS, m: 1.6, s: 0.3 };
    expect(ready.facts.params).toEqual(params);
    expect(ready.facts.sim).toEqual(simulateJudge(params));
  });
});
