// Per-byte marginal costs r(k) of one answer (research/priorbpb.md §2.2): each token's bits are
// spread uniformly over its bytes; a zero-byte token's bits go to the previous byte, or, at the
// start, to the first byte of the next token that has bytes.

/** One scored token: its surprisal in bits and the number of UTF-8 bytes it covers. */
export type TokenBits = readonly [bits: number, bytes: number];

/**
 * How a leading space is treated.
 * - `eval-framework`: drop one leading ASCII space byte and that byte's share of bits (the
 *   reference behaviour of eval-framework's PriorBPB).
 * - `keep`: the leading space's bits stay, spread over the content bytes; the space is not counted
 *   as a content byte.
 */
export type LeadingSpaceMode = 'eval-framework' | 'keep';

/**
 * The most UTF-8 bytes one token may cover. The longest tokens of real vocabularies (runs of
 * spaces or dashes) cover a few hundred bytes; a count beyond this is corrupt input, and since
 * every per-byte curve holds one entry per byte it would otherwise decide the work and memory.
 */
export const MAX_TOKEN_BYTES = 4096;

/** r(1..n) over all bytes of the answer, leading space included. */
export function byteCosts(tokens: readonly TokenBits[]): number[] {
  const r: number[] = [];
  let carried = 0;
  for (const [bits, rawBytes] of tokens) {
    const m = Math.round(rawBytes);
    if (m > MAX_TOKEN_BYTES) throw new RangeError(`a token covers ${rawBytes} bytes, more than the limit of ${MAX_TOKEN_BYTES}`);
    if (m <= 0) {
      if (r.length > 0) r[r.length - 1] += bits;
      else carried += bits;
      continue;
    }
    const share = bits / m;
    for (let j = 0; j < m; j++) r.push(share);
    if (carried !== 0) {
      r[r.length - m] += carried;
      carried = 0;
    }
  }
  return r;
}

/**
 * Content-byte costs: r(k) for k = 1..c, where c excludes one leading space when the answer has
 * one. Returns [] when the answer has no content bytes.
 */
export function contentByteCosts(
  tokens: readonly TokenBits[],
  leadingSpace: boolean,
  mode: LeadingSpaceMode = 'eval-framework',
): number[] {
  const all = byteCosts(tokens);
  if (!leadingSpace || all.length === 0) return all;
  const content = all.slice(1);
  if (mode === 'eval-framework' || content.length === 0) return content;
  // keep: the space byte's bits are spread evenly over the content bytes.
  const extra = all[0] / content.length;
  return content.map((x) => x + extra);
}

/** Geometric survival s(k) = (1 - 1/mu)^(k-1), k = 1..K: P(N >= k) for a mean-mu length prior. */
export function geometricSurvival(mu: number, K: number): number[] {
  if (!(mu > 1)) throw new RangeError(`the prior's mean mu must be > 1, got ${mu}`);
  const q = 1 - 1 / mu;
  const s: number[] = new Array(K);
  let v = 1;
  for (let k = 0; k < K; k++) {
    s[k] = v;
    v *= q;
  }
  return s;
}

/** Σ s(k)R(k) / Σ s(k) over k = 1..K for any survival weights s. */
export function survivalWeightedRate(R: readonly number[], s: readonly number[]): number {
  if (R.length === 0 || R.length !== s.length) return NaN;
  let num = 0;
  let den = 0;
  for (let k = 0; k < R.length; k++) {
    num += s[k] * R[k];
    den += s[k];
  }
  return num / den;
}

/** PriorBPB of a rate curve R(1..K): sum s(k)R(k) / sum s(k), prior truncated at K. */
export function priorWeightedRate(R: readonly number[], mu: number): number {
  if (R.length === 0) return NaN;
  return survivalWeightedRate(R, geometricSurvival(mu, R.length));
}

/** Untruncated prior mass within 1..K: 1 - (1 - 1/mu)^K. */
export function priorMassWithin(mu: number, K: number): number {
  return 1 - Math.pow(1 - 1 / mu, K);
}
