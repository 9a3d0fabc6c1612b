// Why the rules disagree on one item, in one sentence computed from the numbers on screen: what
// the raw sum's winner gains on length, then one clause per mechanism that picks another answer
// (chars or bytes sharing the cost, cheap tokens, what the context adds, whether the word ends
// there), each naming only the rules that mechanism explains.
import { DECIDING_COLUMNS, DECIDING_RULES, scoreOf, type ScoringRule } from './rules';
import type { CandidateScore, RuleName } from './types';

const bits = (nats: number) => -nats / Math.LN2;

/** A positive amount in words: "31", "2.3", "0.42", "0.0006". */
export function amount(x: number): string {
  const a = Math.abs(x);
  if (!Number.isFinite(a)) return String(a);
  if (a >= 10) return a.toFixed(0);
  if (a >= 1) return a.toFixed(1);
  if (a >= 0.01) return a.toFixed(2);
  if (a === 0) return '0';
  return a.toPrecision(1);
}

/** How many decimals `amount` gives `x` (one significant digit below 0.01). */
function decimalsOf(x: number): number {
  const a = Math.abs(x);
  if (!Number.isFinite(a) || a === 0 || a >= 10) return 0;
  if (a >= 1) return 1;
  if (a >= 0.01) return 2;
  return Math.min(20, -Math.floor(Math.log10(a)));
}

/**
 * Amounts compared in one sentence, written to the same number of decimals (the most any of them
 * needs), so that "1.00 against 1.8" reads "1.00 against 1.80".
 */
export function amounts(...xs: number[]): string[] {
  const d = Math.max(0, ...xs.filter((x) => Number.isFinite(x)).map(decimalsOf));
  return xs.map((x) => (Number.isFinite(x) ? Math.abs(x).toFixed(d) : amount(x)));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;


/** "a", "a and b", "a, b and c". */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Why the raw sum prefers `a` (its winner) to `b` (another rule's winner). */
function sumReason(a: CandidateScore, b: CandidateScore, name: (c: CandidateScore) => string): string {
  const more = bits(b.sum_logprob) - bits(a.sum_logprob);
  const paid = `pays ${amount(more)} more bits in total`;
  if (b.n_bytes > a.n_bytes) {
    const ratio = b.n_bytes / a.n_bytes;
    const lowerRate = b.bits_per_byte < a.bits_per_byte ? ', though its bits per byte are lower' : '';
    return `${name(b)} is ${amount(ratio)}× longer in bytes and ${paid}${lowerRate}`;
  }
  return `${name(b)} ${paid}${b.n_bytes < a.n_bytes ? ', though it is shorter' : ''}`;
}

/**
 * What makes a deciding rule depart from the raw sum: dividing by the answer's length in chars or
 * bytes, dividing by its tokens, what the context adds (PMI), or whether the word ends there. Each
 * clause of the sentence names one mechanism and only the rules it explains; a rule outside this
 * table (a registered one) gets a clause of its own with its scores.
 */
export type Mechanism = 'length' | 'tokens' | 'context' | 'word_end' | 'score';

const MECHANISM_OF: Readonly<Record<string, Mechanism>> = {
  acc_norm: 'length',
  acc_bytes: 'length',
  acc_per_token: 'tokens',
  acc_mutual_info: 'context',
  acc_word: 'word_end',
};

/** The mechanism that explains why `rule` can pick another answer than the raw sum. */
export function mechanismOf(rule: ScoringRule): Mechanism {
  return MECHANISM_OF[rule.id] ?? 'score';
}

/** Why the length rules in `rules` (per char, per byte) prefer `w` to `a`: its length shares the cost. */
function lengthReason(rules: ScoringRule[], w: CandidateScore, a: CandidateScore, name: (c: CandidateScore) => string): string {
  const units = rules.map((r) => (r.id === 'acc_norm' ? { unit: 'char', n: (c: CandidateScore) => c.n_chars } : { unit: 'byte', n: (c: CandidateScore) => c.n_bytes }));
  const rate = (r: ScoringRule, c: CandidateScore) => bits(scoreOf(c, r.names.candidate));
  if (units.length === 2 && w.n_chars === w.n_bytes && a.n_chars === a.n_bytes) {
    // Every character one byte: the two rules divide by the same number.
    const [mineRate, theirRate] = amounts(rate(rules[0], w), rate(rules[0], a));
    return `its ${plural(w.n_chars, 'char')} (as many bytes) share the cost (${mineRate} bits per char and per byte against ${theirRate} for ${name(a)})`;
  }
  const lengths = list(units.map((u) => plural(u.n(w), u.unit)));
  const written = amounts(...rules.map((r) => rate(r, w)), ...rules.map((r) => rate(r, a)));
  const mine = units.map((u, k) => `${written[k]} ${k === 0 ? 'bits ' : ''}per ${u.unit}`);
  const theirs = list(written.slice(rules.length));
  return `its ${lengths} share the cost (${list(mine)} against ${theirs} for ${name(a)})`;
}

/** Why the rules in `rules` (one mechanism) prefer `w` to `a` (the raw sum's winner), from the quantity they divide or add. */
function reason(mechanism: Mechanism, rules: ScoringRule[], w: CandidateScore, a: CandidateScore, name: (c: CandidateScore) => string): string {
  switch (mechanism) {
    case 'length':
      return lengthReason(rules, w, a, name);
    case 'tokens': {
      const [mine, theirs] = amounts(bits(w.per_token), bits(a.per_token));
      const each = `${mine} bits per token against ${theirs} for ${name(a)}`;
      return w.n_tokens > a.n_tokens ? `split into ${plural(w.n_tokens, 'cheap token')} (${each})` : `at ${each}`;
    }
    case 'context': {
      const [mine, theirs] = amounts(w.pmi / Math.LN2, a.pmi / Math.LN2);
      const lift = (c: CandidateScore, by: string) => `${c.pmi >= 0 ? 'raises' : 'lowers'} ${c === w ? 'its' : `${name(c)}’s`} probability by ${by} bits`;
      return `the context ${lift(w, mine)} and ${lift(a, theirs)}`;
    }
    case 'word_end': {
      const [theirs, mine] = amounts(bits(a.word_final_logprob), bits(w.word_final_logprob));
      return `ending the word after ${name(a)} costs ${theirs} bits, after ${name(w)} ${mine}`;
    }
    default: {
      const r = rules[0];
      const [mine, theirs] = amounts(scoreOf(w, r.names.candidate), scoreOf(a, r.names.candidate));
      return `scoring ${mine} against ${theirs} for ${name(a)}`;
    }
  }
}

/** One clause of the verdict: the rules it names, the candidate they pick, and the mechanism its reason states (none for the raw sum's own clause). */
export interface VerdictClause {
  rules: ScoringRule[];
  /** Position in `candidates`. */
  pick: number;
  mechanism: Mechanism | 'sum' | 'none';
  text: string;
}

/** The deciding rules picking `pick`, split by mechanism (a registered rule alone), in the table's order. */
function byMechanism(rules: ScoringRule[]): [Mechanism, ScoringRule[]][] {
  const out: [Mechanism, ScoringRule[]][] = [];
  for (const r of rules) {
    const m = mechanismOf(r);
    const same = m === 'score' ? undefined : out.find(([k]) => k === m);
    if (same) same[1].push(r);
    else out.push([m, [r]]);
  }
  return out;
}

/**
 * The clauses of the verdict sentence, or null when the deciding rules agree (or fewer than two
 * have a winner). `winners` are positions in `candidates`; `name` names a position as the screen
 * does ("A (“hat.”)"). Amounts are in bits. With a raw-sum winner, the first clause says why the
 * raw sum picks it; each other clause names the rules of one mechanism that pick another answer,
 * and that mechanism's numbers. Without one, each clause says only who picks what.
 */
export function verdictClauses(candidates: readonly CandidateScore[], winners: Readonly<Record<RuleName, number>>, name: (position: number) => string): VerdictClause[] | null {
  const groups = new Map<number, ScoringRule[]>();
  // The deciding rules in the table's column order (the order the table and the banner list them).
  for (const r of DECIDING_COLUMNS) {
    const p = winners[r.names.winner as RuleName];
    if (p === undefined || p < 0 || !candidates[p]) continue;
    groups.set(p, [...(groups.get(p) ?? []), r]);
  }
  if (groups.size < 2) return null;
  const sum = DECIDING_RULES.find((r) => r.id === 'acc');
  const ref = sum ? winners[sum.names.winner as RuleName] : -1;
  const nameOf = (c: CandidateScore) => name(candidates.indexOf(c));
  const picks = (rules: ScoringRule[], p: number) => `${list(rules.map((r) => r.phrase))} ${rules.length > 1 ? 'pick' : 'picks'} ${name(p)}`;
  const entries = [...groups.entries()];
  if (!sum || ref === undefined || ref < 0 || !groups.has(ref)) {
    // No raw-sum winner to explain against: name who picks what.
    return entries.map(([p, rules]) => ({ rules, pick: p, mechanism: 'none', text: picks(rules, p) }));
  }
  const a = candidates[ref];
  const others = entries.filter(([p]) => p !== ref);
  // The raw sum's case is about length: it is put against the longest of the other winners. The
  // rules that agree with it are named in the banner's first sentence; their reasons differ.
  const rival = others.reduce((best, o) => (candidates[o[0]].n_bytes > candidates[best[0]].n_bytes ? o : best), others[0]);
  const head: VerdictClause = { rules: [sum], pick: ref, mechanism: 'sum', text: `${picks([sum], ref)}: ${sumReason(a, candidates[rival[0]], nameOf)}` };
  const rest = others.flatMap(([p, rules]) =>
    byMechanism(rules).map(([m, rs]): VerdictClause => ({ rules: rs, pick: p, mechanism: m, text: `${picks(rs, p)}, ${reason(m, rs, candidates[p], a, nameOf)}` })),
  );
  return [head, ...rest];
}

/** The verdict as one sentence (the clauses joined), or null where there is nothing to explain. */
export function verdictSentence(candidates: readonly CandidateScore[], winners: Readonly<Record<RuleName, number>>, name: (position: number) => string): string | null {
  const clauses = verdictClauses(candidates, winners, name);
  if (!clauses) return null;
  const text = clauses.map((c) => c.text).join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}
