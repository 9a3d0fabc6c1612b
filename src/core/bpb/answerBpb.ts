// Whole-answer BPB estimators (research/priorbpb.md §5): every gold answer contributes its total
// bits B_i and its UTF-8 bytes n_i (leading space included).
import { centredMoments } from '../metrics/stats';

/** One gold answer reduced to its totals. */
export interface AnswerTotals {
  /** Surprisal of the whole answer in bits: -log p / ln 2. */
  bits: number;
  /** UTF-8 bytes of the scored answer string, leading space included. */
  bytes: number;
  /** Whether the answer starts with one ASCII space (the target delimiter). */
  leadingSpace: boolean;
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

/** Corpus BPB: Σ B_i / Σ n_i. */
export function corpusBpb(answers: readonly AnswerTotals[]): number {
  const bytes = sum(answers.map((a) => a.bytes));
  if (!(bytes > 0)) return NaN;
  return sum(answers.map((a) => a.bits)) / bytes;
}

/** Mean of per-answer ratios: (1/N) Σ B_i / n_i (items with n_i ≤ 0 make it undefined). */
export function meanOfRatiosBpb(answers: readonly AnswerTotals[]): number {
  if (answers.length === 0 || answers.some((a) => !(a.bytes > 0))) return NaN;
  return sum(answers.map((a) => a.bits / a.bytes)) / answers.length;
}

/** Σ B_i / Σ max(n_i − ls_i, 1): corpus BPB with one leading space per answer not counted. */
export function spaceStrippedCorpusBpb(answers: readonly AnswerTotals[]): number {
  if (answers.length === 0) return NaN;
  const bytes = sum(answers.map((a) => Math.max(a.bytes - (a.leadingSpace ? 1 : 0), 1)));
  return sum(answers.map((a) => a.bits)) / bytes;
}

/** Mean bits per answer. */
export function bitsPerAnswer(answers: readonly AnswerTotals[]): number {
  return answers.length === 0 ? NaN : sum(answers.map((a) => a.bits)) / answers.length;
}

/** Least-squares line y ≈ alpha + beta·x with its coefficient of determination. */
export interface AffineFit {
  alpha: number;
  beta: number;
  /** 1 − SS_res/SS_tot; NaN when the fit is degenerate (x constant, fewer than 2 points, y constant). */
  r2: number;
}

/**
 * OLS of y on x (np.polyfit(x, y, 1)). With fewer than 2 points or constant x the fit is
 * degenerate, as in eval-framework: alpha = mean y, beta = 0, r2 = NaN.
 */
export function olsAffine(x: readonly number[], y: readonly number[]): AffineFit {
  const n = x.length;
  if (n !== y.length) throw new RangeError('x and y must have the same length');
  if (n === 0) return { alpha: NaN, beta: NaN, r2: NaN };
  const { mx, my, sxx, sxy, syy } = centredMoments(x, y);
  if (n < 2 || sxx === 0) return { alpha: my, beta: 0, r2: NaN };
  const beta = sxy / sxx;
  const alpha = my - beta * mx;
  let ssRes = 0;
  for (let i = 0; i < n; i++) {
    const e = y[i] - (alpha + beta * x[i]);
    ssRes += e * e;
  }
  return { alpha, beta, r2: syy > 0 ? 1 - ssRes / syy : NaN };
}

/** The answer-bits-on-answer-bytes fit: B_i ≈ alpha + beta·n_i (alpha: fixed cost per answer). */
export function answerCostFit(answers: readonly AnswerTotals[]): AffineFit {
  return olsAffine(
    answers.map((a) => a.bytes),
    answers.map((a) => a.bits),
  );
}

/**
 * The identity corpus BPB = alpha/mean(n) + beta, which OLS guarantees because the fitted line
 * passes through (mean n, mean B). Returned so that a display can show both sides.
 */
export function corpusBpbFromFit(fit: AffineFit, answers: readonly AnswerTotals[]): number {
  const meanBytes = sum(answers.map((a) => a.bytes)) / answers.length;
  return fit.alpha / meanBytes + fit.beta;
}
