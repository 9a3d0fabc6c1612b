// Gold-length quintiles (research/priorbpb.md §5): np.quantile edges at 0, .2, …, 1; bins are
// [lo, hi) except the last, which is closed.
import { npLinspace01, npQuantile } from './stats';

export function quintileEdges(lengths: readonly number[]): number[] {
  return npLinspace01(6).map((p) => npQuantile(lengths, p));
}

/** The bin (0..4) of x: the last edge ≤ x, clamped (searchsorted(edges, x, 'right') − 1). */
export function quintileOf(edges: readonly number[], x: number): number {
  let b = 0;
  while (b + 1 < edges.length && edges[b + 1] <= x) b++;
  return Math.min(Math.max(b, 0), edges.length - 2);
}
