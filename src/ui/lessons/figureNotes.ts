// The fixed notes under the lessons' figures. A note is on screen from a step's reveal on, so it
// says what the figure shows, never what a later step asks (the no-spoiler test reads these).

/** Under the judge simulation in the judge lessons: what the bars are, not which estimator is right. */
export const LESSON_JUDGE_NOTE =
  'The grey bar is what an unbiased judge would report; each other bar is one way of estimating it from the biased judge’s verdicts.';

/** What the judge figure's statistics mean (φ, γ and the inconsistency rate are shown without a definition otherwise). */
export const LESSON_JUDGE_TERMS =
  'Inconsistency rate: the chance, averaged over the prompts, that the two orders give different winners. φ and γ: the length-controlled fit’s coefficients for the position and for the length feature, in log-odds.';
