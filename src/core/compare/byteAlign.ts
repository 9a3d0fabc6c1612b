// Two tokenisations of the same string lined up on its bytes: the tokens of each side are grouped
// so that every group of one side covers exactly the bytes of the matching group of the other.
// One token of a 32,000-token vocabulary then sits beside the two or three tokens of a 512-token
// one that spell the same bytes, and their bits per byte are directly comparable.

/** A token's [start, end) UTF-8 byte offsets within the string. */
export type ByteSpan = readonly [number, number];

export interface AlignedGroup {
  /** [start, end) byte offsets the group covers. */
  bytes: [number, number];
  /** [from, to) indices of side A's tokens in the group. */
  a: [number, number];
  /** [from, to) indices of side B's tokens in the group. */
  b: [number, number];
}

/**
 * The finest grouping of two token sequences whose group boundaries are byte offsets where both
 * sides end a token. Spans are taken in order; a zero-width token joins the group it falls in.
 * Where the two sides do not end at the same byte (spans that do not add up, see a candidate's
 * `byte_note`), the rest of both sides forms the last group.
 */
export function alignOnBytes(a: readonly ByteSpan[], b: readonly ByteSpan[]): AlignedGroup[] {
  const groups: AlignedGroup[] = [];
  let i = 0;
  let j = 0;
  let fromA = 0;
  let fromB = 0;
  // Furthest byte reached by each side's tokens so far.
  let reachA = 0;
  let reachB = 0;
  let start = 0;
  while (i < a.length || j < b.length) {
    const endA = i < a.length ? a[i][1] : Infinity;
    const endB = j < b.length ? b[j][1] : Infinity;
    if (endA <= endB) reachA = Math.max(reachA, a[i++][1]);
    if (endB <= endA) reachB = Math.max(reachB, b[j++][1]);
    const nextAZero = i < a.length && a[i][1] <= reachA;
    const nextBZero = j < b.length && b[j][1] <= reachB;
    if (i > fromA && j > fromB && reachA === reachB && !nextAZero && !nextBZero) {
      groups.push({ bytes: [start, reachA], a: [fromA, i], b: [fromB, j] });
      start = reachA;
      fromA = i;
      fromB = j;
    }
  }
  if (fromA < a.length || fromB < b.length) groups.push({ bytes: [start, Math.max(reachA, reachB, start)], a: [fromA, a.length], b: [fromB, b.length] });
  return groups;
}

/** What one side's tokens cost in a group: bits (each token's share counted for the string) and bits per byte. */
export interface GroupCost {
  bits: number;
  /** bits / the group's bytes; NaN for a group of no bytes. */
  bitsPerByte: number;
}

/** A token's bits as counted for the candidate (a boundary-straddling token counts its share). */
export interface BitsToken {
  bytes: ByteSpan;
  bits: number;
  weight?: number;
}

/** Each group's cost on each side. */
export function groupCosts(group: AlignedGroup, a: readonly BitsToken[], b: readonly BitsToken[]): [GroupCost, GroupCost] {
  const width = group.bytes[1] - group.bytes[0];
  const cost = (tokens: readonly BitsToken[], [from, to]: [number, number]): GroupCost => {
    let bits = 0;
    for (let k = from; k < to; k++) bits += tokens[k].bits * (tokens[k].weight ?? 1);
    return { bits, bitsPerByte: width > 0 ? bits / width : NaN };
  };
  return [cost(a, group.a), cost(b, group.b)];
}
