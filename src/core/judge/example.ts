// The worked example for one prompt: the arithmetic behind each estimator, written out.
import { sigmoid } from './logistic';

export interface WorkedExample {
  d: number;
  lengthRatio: number;
  /** ln(length ratio). */
  x: number;
  /** P(A wins | A first) = σ(d + b + λx). */
  aFirst: number;
  /** P(A wins | A second) = σ(d − b + λx). */
  aSecond: number;
  /** Mean of the two orders. */
  swap: number;
  /** What an ideal length control reports: position and length removed, σ(d). */
  lc: number;
}

export function workedExample(b: number, lambda: number, d = 0, lengthRatio = 1.6): WorkedExample {
  const x = Math.log(lengthRatio);
  const aFirst = sigmoid(d + b + lambda * x);
  const aSecond = sigmoid(d - b + lambda * x);
  return { d, lengthRatio, x, aFirst, aSecond, swap: (aFirst + aSecond) / 2, lc: sigmoid(d) };
}
