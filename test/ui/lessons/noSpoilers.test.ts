// No answer before the commit: for every question of the lessons and the final quiz, neither the
// phrases that decide it nor its right option is on screen before the learner commits. "On screen
// before the commit" is everything the walk has shown by then: the index (every lesson's title and
// summary), the lesson's title and its step list (the steps' pre-reveal titles), this step's title,
// body, prompt and item, and everything every earlier step showed, its reveal included (telling
// title, sentences after the figure, "Not quite" notes, claims, the figure's fixed notes, and a
// finished lesson's card and closing box). Pure text, no model: it runs in a second.
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../../src/ui/lessons/content';
import { QUIZ } from '../../../src/ui/lessons/quiz';
import { CARDS } from '../../../src/ui/lessons/cards';
import { LESSON_JUDGE_NOTE, LESSON_JUDGE_TERMS } from '../../../src/ui/lessons/figureNotes';
import type { Lesson, Step } from '../../../src/ui/lessons/types';

/** Lower case, straight quotes, no emphasis marks, single spaces: a phrase matches however it is typeset. */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const WALK: readonly Lesson[] = [...LESSONS, QUIZ];
const fixed = (xs: Step['after']) => (xs ?? []).filter((x): x is string => typeof x === 'string');

function optionTexts(st: Step): string[] {
  const q = st.question;
  if (!q) return [];
  return q.options === 'candidates' ? (st.widget.kind === 'scorer' ? st.widget.candidates : []) : q.options;
}

/** A step's text shown before its commit, options aside. */
function asked(st: Step): string[] {
  const w = st.widget;
  return [st.title, ...st.body, st.question?.prompt ?? '', ...(w.kind === 'scorer' || w.kind === 'fertility' ? [w.context, ...w.candidates] : [])];
}

/** The figure's fixed notes, on screen from the reveal on. */
const figureNotes = (st: Step) => (st.widget.kind === 'judge' ? [LESSON_JUDGE_NOTE, LESSON_JUDGE_TERMS] : []);

/** A step's text shown from its reveal on (the sentences written from the live numbers aside). */
function revealed(st: Step): string[] {
  return [st.revealTitle ?? '', ...fixed(st.after), ...Object.values(st.question?.wrongBecause ?? {}), ...(st.claims ?? []).map((c) => c.text), ...figureNotes(st)];
}

/** The end of a lesson, shown once its last step is revealed. */
const lessonEnd = (l: Lesson) => [l.larger, CARDS[l.id]?.takeaway ?? ''];

/** Everything on screen, from the index on, up to the commit of step `si` of lesson `li` of the walk. */
function beforeCommit(li: number, si: number): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const add = (where: string, texts: string[]) => texts.forEach((text) => out.push({ where, text }));
  for (const l of WALK) add(`index card ${l.id}`, [l.title, l.summary]);
  const lesson = WALK[li];
  add(`${lesson.id}: step list`, lesson.steps.map((s) => s.title));
  for (let i = 0; i <= li; i++) {
    const l = WALK[i];
    const upTo = i === li ? si : l.steps.length;
    for (let j = 0; j < upTo; j++) {
      const st = l.steps[j];
      add(`${l.id}/${st.id} (earlier step)`, [...asked(st), ...optionTexts(st), ...revealed(st)]);
    }
    if (i < li) add(`${l.id} (end of lesson)`, lessonEnd(l));
  }
  add(`${lesson.id}/${lesson.steps[si].id} (this step)`, asked(lesson.steps[si]));
  return out;
}

const questions = WALK.flatMap((l, li) => l.steps.map((st, si) => ({ l, li, st, si })).filter((x) => x.st.question));

describe('no answer before the commit', () => {
  it('every question names the phrases that decide it, each said in its own reveal', () => {
    expect(questions.length).toBeGreaterThanOrEqual(30);
    for (const { l, st } of questions) {
      const where = `${l.id}/${st.id}`;
      const phrases = st.question!.decidedBy ?? [];
      expect(phrases.length, `${where}: no decidedBy`).toBeGreaterThan(0);
      const reveal = norm(revealed(st).join(' \n '));
      for (const p of phrases) {
        expect(p.trim().split(/\s+/).length, `${where}: "${p}" is too short to mean anything`).toBeGreaterThanOrEqual(3);
        expect(reveal, `${where}: "${p}" is not said in the step's reveal`).toContain(norm(p));
      }
    }
  });

  it('no phrase that decides a question is on screen before its commit (titles, bodies, captions, the index, earlier reveals)', () => {
    const leaks: string[] = [];
    for (const { l, li, st, si } of questions)
      for (const p of st.question!.decidedBy ?? [])
        for (const { where, text } of beforeCommit(li, si)) if (norm(text).includes(norm(p))) leaks.push(`${l.id}/${st.id}: "${p}" in ${where}: ${text}`);
    expect(leaks).toEqual([]);
  });

  it('no right option of three words or more is written out before its commit', () => {
    const leaks: string[] = [];
    for (const { l, li, st, si } of questions) {
      const q = st.question!;
      if (q.options === 'candidates') continue;
      const right = norm(q.options[q.claim]).replace(/^(yes|no)\b[:,]?\s*/, '');
      if (right.split(' ').length < 3) continue;
      // The prompt may name the options it asks between ("the shortest fifth or the longest fifth?").
      for (const { where, text } of beforeCommit(li, si)) if (text !== q.prompt && norm(text).includes(right)) leaks.push(`${l.id}/${st.id}: "${right}" in ${where}`);
    }
    expect(leaks).toEqual([]);
  });

  it('a telling title differs from the title it replaces, which does not contain it', () => {
    for (const l of WALK)
      for (const st of l.steps)
        if (st.revealTitle) {
          expect(st.question, `${l.id}/${st.id}: a reveal title needs a question to reveal`).toBeDefined();
          expect(norm(st.title)).not.toContain(norm(st.revealTitle));
        }
  });
});
