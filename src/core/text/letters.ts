// The letter of a choice from its 0-based position, as every view names choices: A, B, …, Z, AA, AB, …
// (the Scorer's candidates, the Check's cards, the CLI's reasons).

/** A, B, …, Z, AA, AB, … */
export function choiceLetter(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/** "A", "A and C", "A, B and D". */
export function letterList(positions: readonly number[]): string {
  const xs = positions.map(choiceLetter);
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
}
