// Every lesson's claims against the real numbers, in Node: the scorer steps scored on stories260K
// (onnxruntime-node), the Task lab steps on the same sample tasks, the judge steps simulated, the
// AlpacaEval steps audited from the shared data. The browser test checks the same claims live.
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createNodeEngine } from '../../../src/engine/node';
import type { Engine } from '../../../src/engine/engine';
import { DEFAULT_SCORE_OPTIONS } from '../../../src/core/scoring/types';
import { DEFAULT_PARAMS, simulateJudge } from '../../../src/core/judge/simulate';
import { sampleTask } from '../../../src/core/tasks/samples';
import { continuationOf, type TaskSet } from '../../../src/core/tasks/types';
import { FIXED_OPENER, LESSONS, LETTER_RUN, OPENER_RUN, PLAIN_RUN, TEXT_RUN, winnerClaims } from '../../../src/ui/lessons/content';
import { clozeSubset, taskRun } from '../../../src/ui/lessons/taskFacts';
import { AUDIT_SUMMARY, auditFacts } from '../../../src/ui/lessons/auditFacts';
import type { AlpacaModel, Facts, Step } from '../../../src/ui/lessons/types';
import type { TaskRunSnapshot } from '../../../src/state/snapshot';
import { MODELS_DIR } from '../../models';

const ALPACA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(__dirname, '../../../../shared/reference'), 'alpacaeval/converted');

let engine: Engine;
const taskRuns: Record<string, TaskRunSnapshot[]> = {};

async function run(label: string, set: TaskSet): Promise<TaskRunSnapshot> {
  const items = set.items.map((item) => ({ context: item.context, candidates: item.choices.map((_, i) => continuationOf(set, item, i)) }));
  return taskRun(label, set, await engine.scoreChunk({ items, options: DEFAULT_SCORE_OPTIONS, stats: 'logprob' }));
}

beforeAll(async () => {
  engine = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
  taskRuns.bpb = [await run(PLAIN_RUN, clozeSubset('')), await run(OPENER_RUN, clozeSubset(FIXED_OPENER))];
  taskRuns.letters = [await run(TEXT_RUN, sampleTask('stories-choice')!), await run(LETTER_RUN, sampleTask('stories-choice-letters')!)];
});

let audits: Extract<Facts, { kind: 'audit' }>['audits'] | undefined;

async function factsOf(step: Step): Promise<Facts> {
  const w = step.widget;
  switch (w.kind) {
    case 'scorer':
      return { kind: 'scorer', result: await engine.score({ context: w.context, candidates: w.candidates, options: { ...DEFAULT_SCORE_OPTIONS, unconditionalContext: w.unconditionalContext ?? '' } }) };
    case 'task':
      return { kind: 'task', runs: w.view === 'accuracy' ? taskRuns.letters : taskRuns.bpb };
    case 'judge': {
      const params = { ...DEFAULT_PARAMS, ...w.params };
      return { kind: 'judge', sim: simulateJudge(params), params, ms: 0 };
    }
    case 'audit':
      audits ??= (['gpt4_gamed', 'FuseChat-Gemma-2-9B-Instruct'] as AlpacaModel[]).map((m) => auditFacts(m, fs.readFileSync(path.join(ALPACA_DIR, `${m}.csv`), 'utf8'), 'live'));
      return { kind: 'audit', audits };
  }
}

describe('lesson claims hold on the real numbers', () => {
  it('there are six lessons of 3–6 steps, each step with a widget', () => {
    expect(LESSONS).toHaveLength(6);
    for (const l of LESSONS) expect(l.steps.length).toBeGreaterThanOrEqual(3), expect(l.steps.length).toBeLessThanOrEqual(6);
  });

  for (const lesson of LESSONS) {
    for (const step of lesson.steps) {
      it(`${lesson.id}/${step.id}`, async () => {
        const f = await factsOf(step);
        if (step.question) expect(step.question.answer(f), 'the live answer is the one the text gives').toBe(step.question.claim);
        const claims = [...(step.widget.kind === 'scorer' ? winnerClaims(step.widget.winners, step.widget.candidates, (r) => r) : []), ...(step.claims ?? [])];
        for (const c of claims) expect(c.holds(f), c.text).toBe(true);
      });
    }
  }

  it('the cited AlpacaEval summary is what the same audit gives on the data', () => {
    for (const m of Object.keys(AUDIT_SUMMARY) as AlpacaModel[]) {
      const { source, ...live } = audits?.find((a) => a.model === m) ?? auditFacts(m, fs.readFileSync(path.join(ALPACA_DIR, `${m}.csv`), 'utf8'), 'live');
      expect(source).toBe('live');
      expect(live).toEqual(AUDIT_SUMMARY[m]);
    }
  });
});
