// Answer variants: the same candidates formatted differently (a leading space toggled, a trailing
// period toggled, letter keys written " A", "A", "(A)", " A."), so that one item shows which rules
// are fragile to formatting. Pure: the Scorer scores each set as an item of its own.

export interface AnswerVariant {
  id: string;
  /** What was changed, in words. */
  label: string;
  candidates: string[];
  /** This set is what lm-eval-harness scores for the choices (target_delimiter " " + the choice). */
  lmEval: boolean;
  /** Groups of positions this set makes identical that differ as written (" dog." and "dog." both " dog."). */
  identical: number[][];
}

/** A letter key as a candidate may write it: "A", " A", "(A)", " A.", "A)" … */
const LETTER_KEY = /^\s*\(?([A-Za-z])[).]?\s*$/u;

/** The letter of each candidate when every candidate is a letter key (two or more of them), else null. */
export function letterKeys(candidates: readonly string[]): string[] | null {
  if (candidates.length < 2) return null;
  const letters = candidates.map((c) => LETTER_KEY.exec(c)?.[1]);
  return letters.every((l): l is string => l !== undefined) ? letters : null;
}

export const toggleLeadingSpace = (c: string): string => (c.startsWith(' ') ? c.slice(1) : ` ${c}`);
export const toggleTrailingPeriod = (c: string): string => (c.endsWith('.') ? c.slice(0, -1) : `${c}.`);

/**
 * lm-eval-harness scores a choice as target_delimiter + choice, the delimiter a space by default:
 * for choices written without their leading whitespace, one space in front.
 */
export const lmEvalContinuation = (c: string): string => ` ${c.trimStart()}`;

const LETTER_FORMS: { id: string; label: string; form: (letter: string) => string }[] = [
  { id: 'letter-space', label: 'letter keys " A"', form: (l) => ` ${l}` },
  { id: 'letter-bare', label: 'letter keys "A"', form: (l) => l },
  { id: 'letter-paren', label: 'letter keys "(A)"', form: (l) => `(${l})` },
  { id: 'letter-period', label: 'letter keys " A."', form: (l) => ` ${l}.` },
];

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The variant sets of these candidates, "as written" first. A set equal to one already listed is
 * left out (its label joins the first). lm-eval's form is marked, and added when no other set is it.
 */
export function answerVariants(candidates: readonly string[]): AnswerVariant[] {
  const lm = candidates.map(lmEvalContinuation);
  const sets: Omit<AnswerVariant, 'lmEval' | 'identical'>[] = [
    { id: 'as-written', label: 'as written', candidates: [...candidates] },
    { id: 'space', label: 'leading space toggled', candidates: candidates.map(toggleLeadingSpace) },
    { id: 'period', label: 'trailing period toggled', candidates: candidates.map(toggleTrailingPeriod) },
  ];
  const letters = letterKeys(candidates);
  if (letters) for (const f of LETTER_FORMS) sets.push({ id: f.id, label: f.label, candidates: letters.map(f.form) });
  sets.push({ id: 'lm-eval', label: 'lm-eval default (target_delimiter " " + choice)', candidates: lm });
  const out: AnswerVariant[] = [];
  for (const s of sets) {
    const dup = out.find((o) => same(o.candidates, s.candidates));
    if (dup) {
      // "lm-eval default" joining another set only marks it.
      if (s.id !== 'lm-eval') dup.label += `; ${s.label}`;
      continue;
    }
    out.push({ ...s, lmEval: same(s.candidates, lm), identical: createdDuplicates(candidates, s.candidates) });
  }
  return out;
}

/** Groups of positions equal in `set` (two or more) whose strings in `original` are not all equal. */
export function createdDuplicates(original: readonly string[], set: readonly string[]): number[][] {
  const groups = new Map<string, number[]>();
  set.forEach((c, p) => groups.set(c, [...(groups.get(c) ?? []), p]));
  return [...groups.values()].filter((ps) => ps.length > 1 && ps.some((p) => original[p] !== original[ps[0]]));
}

/** One scored variant set: its candidates as scored and each rule's winner (a position, −1 for none). */
export interface ScoredVariant<R extends string> {
  candidates: readonly string[];
  winners: Readonly<Record<R, number>>;
  identical: readonly (readonly number[])[];
}

/**
 * Whether `rule` picks the same answer in `set` as in `first`: the same position (the same answer
 * formatted differently), or the same string (a toggle that swaps " dog." and "dog." moves the
 * string, not the preference). No winner in both counts as the same.
 */
export function sameWinner<R extends string>(first: ScoredVariant<R>, set: ScoredVariant<R>, rule: R): boolean {
  const a = first.winners[rule];
  const b = set.winners[rule];
  if (a === b) return true;
  if (a < 0 || b < 0) return false;
  return first.candidates[a] === set.candidates[b];
}

/**
 * The rules whose winner changes between the variant sets (the first is the reference), and the
 * sets left out because they make two candidates identical (between identical strings the pick
 * is a tie, not a preference).
 */
export function fragileRules<R extends string>(sets: readonly ScoredVariant<R>[], rules: readonly R[]): { fragile: R[]; stable: R[]; leftOut: number[] } {
  const leftOut = sets.flatMap((s, k) => (k > 0 && s.identical.length > 0 ? [k] : []));
  const compared = sets.filter((_, k) => k > 0 && !leftOut.includes(k));
  const fragile = sets.length ? rules.filter((r) => compared.some((s) => !sameWinner(sets[0], s, r))) : [];
  return { fragile, stable: rules.filter((r) => !fragile.includes(r)), leftOut };
}
