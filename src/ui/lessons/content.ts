// The seven lessons, in order: one file each in lessons/, where each step's text, its question's
// explanations and its claims sit together. Every number the text states about stories260K is also
// a claim that the step checks against the live result (and the browser test checks the same claims),
// so the text can never silently drift from what the model does.
import type { RuleName } from '../../core/scoring/types';
import type { Claim, Facts, Lesson } from './types';
import { sumAndLength } from './lessons/sum-and-length';
import { letterKeys } from './lessons/letter-keys';
import { pmi } from './lessons/pmi';
import { fixedCost } from './lessons/fixed-cost';
import { judgeBias } from './lessons/judge-bias';
import { lcTrust } from './lessons/lc-trust';
import { leftovers } from './lessons/leftovers';

export { ALPACA_PUBLISHED, FIXED_OPENER, JUDGE_SEED, LESSON_LENGTHS, LETTER_RUN, LOG_RATIO_BIN, LONG_MIX_RUN, MIX_WEIGHT, OPENER_RUN, PLAIN_RUN, SHORT_MIX_RUN, TEXT_RUN } from './lessons/shared';

export const LESSONS: Lesson[] = [sumAndLength, letterKeys, pmi, fixedCost, judgeBias, lcTrust, leftovers];

/**
 * The rules taught up to and including a step: the raw sum, and every rule a scorer step in this
 * or an earlier lesson is about. A reveal shows only these, so that no step answers a later one.
 */
export function taughtRules(lessonId: string, stepId: string): RuleName[] {
  const taught: RuleName[] = ['acc'];
  for (const l of LESSONS)
    for (const s of l.steps) {
      if (s.widget.kind === 'scorer') for (const r of s.widget.focus) if (!taught.includes(r)) taught.push(r);
      if (l.id === lessonId && s.id === stepId) return taught;
    }
  return taught;
}

/** Candidates that are letter keys (“ A”, “ D.”): no word to end, so the whole-word rule means nothing there. */
export const isLetterKeyItem = (candidates: readonly string[]) => candidates.every((c) => /^\s?[A-Z]\.?\s?$/.test(c));

/** The rules a step's figure and Try it show: those taught so far, less the whole-word rule on letter keys. */
export function shownRules(lessonId: string, stepId: string): RuleName[] {
  const w = findLesson(lessonId)?.steps.find((s) => s.id === stepId)?.widget;
  const taught = taughtRules(lessonId, stepId);
  return w?.kind === 'scorer' && isLetterKeyItem(w.candidates) ? taught.filter((r) => r !== 'acc_word') : taught;
}


/** A lesson, or the final quiz (which is walked like one but is not among LESSONS). */
export function findLesson(id: string | null, extra: readonly Lesson[] = []): Lesson | undefined {
  return [...LESSONS, ...extra].find((l) => l.id === id);
}

/** Claims a scorer widget's `winners` make, in words. */
export function winnerClaims(winners: Partial<Record<RuleName, number>>, candidates: string[], label: (r: RuleName) => string): Claim[] {
  return (Object.entries(winners) as [RuleName, number][]).map(([rule, i]) => ({
    text: `${label(rule)} picks “${candidates[i].trim()}”.`,
    holds: (f: Facts) => f.kind === 'scorer' && f.result.winners[rule] === i,
  }));
}
