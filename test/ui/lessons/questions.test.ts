// The shape of the questions: few two-way guesses, and options that state an answer, not the
// reasoning that would give it away.
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../../src/ui/lessons/content';
import { QUIZ } from '../../../src/ui/lessons/quiz';

const questions = [...LESSONS, QUIZ].flatMap((l) => l.steps.filter((s) => s.question).map((s) => ({ where: `${l.id}/${s.id}`, step: s, q: s.question! })));
const optionCount = ({ step, q }: (typeof questions)[number]) => (q.options === 'candidates' ? (step.widget.kind === 'scorer' ? step.widget.candidates.length : 0) : q.options.length);

describe('questions', () => {
  it('at most a third of the questions are two-way (yes/no or one of two)', () => {
    const twoWay = questions.filter((x) => optionCount(x) === 2).map((x) => x.where);
    expect(twoWay.length, twoWay.join(', ')).toBeLessThanOrEqual(questions.length / 3);
  });

  it('no option carries its own reasoning (a "Yes: because …" or "No: …" clause)', () => {
    for (const { where, q } of questions) if (q.options !== 'candidates') for (const o of q.options) expect(o, where).not.toMatch(/:\s/);
  });
});

describe('the final quiz', () => {
  it('has one item for each lesson, in the lessons\' order, each linked to a step that exists', () => {
    const from = QUIZ.steps.map((s) => s.from);
    expect(from.map((f) => f?.lesson)).toEqual(LESSONS.map((l) => l.id));
    for (const f of from) expect(LESSONS.find((l) => l.id === f!.lesson)!.steps.some((s) => s.id === f!.step), `${f!.lesson}/${f!.step}`).toBe(true);
  });
});
