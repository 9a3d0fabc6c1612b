// What the lessons' texts share: their items, the question builders, and readers of the live facts.
// Every number a text states about stories260K is also a claim its step checks live.
import type { LogRatioBin } from '../../../core/judge/lengthCurve';
import type { LengthConvention } from '../../../core/scoring/lengthConvention';
import type { RuleName } from '../../../core/scoring/types';
import type { TaskRunSnapshot } from '../../../state/snapshot';
import type { AuditFacts, Facts, Question } from '../types';

export const TOWEL_CONTEXT = 'Tim got out of the pool. He was wet and cold. His mom gave him a';
export const TOWEL = [' hat.', ' big soft towel so he could dry off.', ' zebra.'];
export const LETTERS_CONTEXT = 'Question: What color is the sky?\nA. blue\nB. red\nC. green\nD. yellow\nAnswer:';
export const LETTERS = [' A', ' B', ' C', ' D'];
/** The letter keys with one careless period: every length rule changes its pick. */
export const STRAY_PERIOD = [' A', ' B', ' C', ' D.'];
export const STRAY_PERIOD_RULES: readonly RuleName[] = ['acc', 'acc_norm', 'acc_bytes', 'per_token'];

/** The lessons count lengths as lm-eval-harness does: a candidate's leading space is its target_delimiter, not counted. */
export const LESSON_LENGTHS: LengthConvention = 'harness';

/** A multiple-choice question: its options, the one the text claims, and the one the live numbers make right. */
export function ask(prompt: string, options: string[], claim: number, answer: (f: Facts) => number): Question {
  return { prompt, options, claim, answer };
}

/** "Will `a` and `b` pick the same candidate?" (option 0 yes, 1 no), answered by the live winners. */
export function sameWinnerQuestion(prompt: string, options: [string, string], a: RuleName, b: RuleName, claim: number): Question {
  return { prompt, options, claim, answer: (f) => (f.kind === 'scorer' ? (f.result.winners[a] === f.result.winners[b] ? 0 : 1) : -1) };
}

/** "Which candidate wins under `rule`?" answered by the live winners. */
export function winnerQuestion(prompt: string, rule: RuleName, claim: number): Question {
  return { prompt, options: 'candidates', claim, answer: (f) => (f.kind === 'scorer' ? f.result.winners[rule] : -1) };
}

export const scorer = (f: Facts) => (f.kind === 'scorer' ? f.result : null);
export const runs = (f: Facts): TaskRunSnapshot[] => (f.kind === 'task' ? f.runs : []);
export const judge = (f: Facts) => (f.kind === 'judge' ? f.sim : null);
export const audits = (f: Facts): AuditFacts[] => (f.kind === 'audit' ? f.audits : []);
export const audit = (f: Facts, model: AuditFacts['model']) => audits(f).find((a) => a.model === model);
/** The width of the lesson's bins of ln(len A / len B): a factor of e^0.5 ≈ 1.65 per bin. */
export const LOG_RATIO_BIN = 0.5;
/** "Near equal length": |ln(len A / len B)| under this (one bin either side of ratio 1). */
export const NEAR_EQUAL = LOG_RATIO_BIN;
/** The share of prompts in the bins within ±NEAR_EQUAL of ratio 1 (the bins lie on a grid through 0). */
export function nearEqualShare(bins: readonly LogRatioBin[]): number {
  const total = bins.reduce((s, b) => s + b.prompts, 0);
  const near = bins.filter((b) => b.from >= -NEAR_EQUAL - 1e-9 && b.to <= NEAR_EQUAL + 1e-9).reduce((s, b) => s + b.prompts, 0);
  return near / total;
}

/** The BPB runs of the fixed-cost lesson: the sample as it is, and with the same opener on every answer. */
export const FIXED_OPENER = ' Mom said:';
export const PLAIN_RUN = 'as written';
export const OPENER_RUN = `with “${FIXED_OPENER.trim()}” before every answer`;
export const plain = (f: Facts) => runs(f).find((r) => r.label === PLAIN_RUN);
export const opener = (f: Facts) => runs(f).find((r) => r.label === OPENER_RUN);
/** The repairs step's two variants of the opener run: the same answers, weighted to a short-heavy or a long-heavy mix. */
export const SHORT_MIX_RUN = 'short-heavy mix';
export const LONG_MIX_RUN = 'long-heavy mix';
/** How many times each answer of the heavier half counts in a length mix (the other half counts once). */
export const MIX_WEIGHT = 4;
export const LETTER_RUN = 'letter keys (A–D)';
export const TEXT_RUN = 'full-text answers';
export const letters = (f: Facts) => runs(f).find((r) => r.label === LETTER_RUN);
/** The repairs step's two variants (null unless both are there). */
export const mixes = (f: Facts) => {
  const short = runs(f).find((r) => r.label === SHORT_MIX_RUN);
  const long = runs(f).find((r) => r.label === LONG_MIX_RUN);
  return short && long ? { short, long } : null;
};
export const fullText = (f: Facts) => runs(f).find((r) => r.label === TEXT_RUN);

/**
 * The judge lessons' simulation seed: the judge-bias note's setting (SPEC §5: target 46.4%, fixed
 * order 63.6%, swap-averaged 53.7%, LC 46.7% within about a point), so the lesson and the note agree.
 */
export const JUDGE_SEED = 3;
/** A difference of rates (0–1) in percentage points, one decimal. */
export const points = (d: number) => `${(100 * d).toFixed(1)} points`;

/** Published AlpacaEval 2 leaderboard figures (weighted_alpaca_eval_gpt4_turbo, alpaca_eval at cd543a1). */
export const ALPACA_PUBLISHED: Record<AuditFacts['model'], AuditFacts['published']> = {
  gpt4_gamed: { winRate: 0.037383373713788814, lc: 0.12188764057640531, avgLength: 68 },
  'FuseChat-Gemma-2-9B-Instruct': { winRate: 0.7049713534560247, lc: 0.7018106263911686, avgLength: 2155 },
};

/** The sharpening table's three rows, and the change from T = 1 to T = 0.5. */
export const sharpRows = (f: Facts) => {
  if (f.kind !== 'sharpen') return null;
  const [sharp, plain, flat] = [0.5, 1, 2].map((T) => f.rows.find((r) => r.T === T));
  return sharp && plain && flat ? { sharp, plain, flat } : null;
};
/** How many times the shortest fifth's rise in corpus BPB with the opener is the longest fifth's (null without both runs). */
export function riseRatio(f: Facts): number | null {
  const a = plain(f)?.quintiles;
  const b = opener(f)?.quintiles;
  if (!a || !b || a.length < 5 || b.length < 5) return null;
  return (b[0].corpus - a[0].corpus) / (b[4].corpus - a[4].corpus);
}
export const sharpDelta = (f: Facts) => {
  const r = sharpRows(f);
  return r ? { acc: r.sharp.acc - r.plain.acc, accNorm: r.sharp.accNorm - r.plain.accNorm } : null;
};
/** The padding sweep's last point (the most padding). */
export const paddingEnd = (f: Facts) => (f.kind === 'padding' ? f.points[f.points.length - 1] : undefined);
/** The slider's curve at T (null off the curve). */
export const curveAt = (f: Facts, T: number) => (f.kind === 'sharpen' ? f.curve.find((r) => r.T === T) ?? null : null);
/** The traced story's sum in bits for choice c at T (null without a trace). */
export function traceSum(f: Facts, c: number, T: number): number | null {
  if (f.kind !== 'sharpen' || !f.trace) return null;
  const k = f.curve.findIndex((r) => r.T === T);
  return k < 0 ? null : f.trace.bits[c][k].reduce((s, b) => s + b, 0);
}
/** The traced story's pick under acc at T: the choice with the fewest bits. */
export function tracePick(f: Facts, T: number): number {
  if (f.kind !== 'sharpen' || !f.trace) return -1;
  const sums = f.trace.choices.map((_, c) => traceSum(f, c, T) ?? Infinity);
  return sums.indexOf(Math.min(...sums));
}
export const signedPoints = (d: number) => `${d >= 0 ? '+' : '−'}${points(Math.abs(d))}`;
export const pmiRows = (f: Facts) => {
  if (f.kind !== 'pmiBytes') return null;
  const pmi = f.rows.find((r) => r.label === 'acc_mutual_info (PMI)');
  const perByte = f.rows.find((r) => r.label === 'PMI per byte');
  return pmi && perByte ? { pmi, perByte } : null;
};

/** A question with, for each wrong option, the misconception behind it answered, and the phrases of its reveal that decide it (see Question). */
export function explained(q: Question, wrongBecause: Record<number, string>, decidedBy: string[]): Question {
  return { ...q, wrongBecause, decidedBy };
}
