// Sweeps of one parameter with the others held: the same seed at every point (common random
// numbers), so the curves show the parameter's effect rather than sampling noise.
import { simulateJudge, type JudgeParams } from './simulate';

export interface SweepPoint {
  value: number;
  target: number;
  fixedOrder: number;
  aSecond: number;
  swap: number;
  lc: number;
}

export type SweepKind = 'position' | 'correlation' | 'gameability';

export interface SweepSpec {
  kind: SweepKind;
  values: number[];
  /** The parameters at one point of the sweep. */
  at(base: JudgeParams, value: number): JudgeParams;
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, k) => Math.round((from + k * step) * 1e6) / 1e6);

// The values are built when read (a getter, a fresh array each time) rather than at import, so
// that the code building them runs inside the test that reads them.
export const SWEEPS: Record<SweepKind, SweepSpec> = {
  /** Position bias b from 0 to 2 with no verbosity bias. */
  position: {
    kind: 'position',
    get values() {
      return range(0, 2, 0.1);
    },
    at: (base, b) => ({ ...base, b, lambda: 0 }),
  },
  /** Correlation between length and true quality. */
  correlation: {
    kind: 'correlation',
    get values() {
      return range(-0.9, 0.9, 0.1);
    },
    at: (base, rho) => ({ ...base, rho }),
  },
  /** A's typical log length ratio m, from concise (e^−1 ≈ 0.37×) to very verbose (e^1.5 ≈ 4.5×). */
  gameability: {
    kind: 'gameability',
    get values() {
      return range(-1, 1.5, 0.1);
    },
    at: (base, m) => ({ ...base, m }),
  },
};

export function runSweep(kind: SweepKind, base: JudgeParams): SweepPoint[] {
  const spec = SWEEPS[kind];
  return spec.values.map((value) => {
    const r = simulateJudge(spec.at(base, value));
    return { value, target: r.target, fixedOrder: r.fixedOrder, aSecond: r.aSecond, swap: r.swap, lc: r.lc };
  });
}
