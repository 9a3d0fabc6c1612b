// Why the rules disagree on one item, in one sentence computed from the numbers on screen: what
// the raw sum's winner gains on length, and for each other winner the quantity that decides it
// (bytes sharing the cost, cheap tokens, what the context adds, whether the word ends there).
import { DECIDING_RULES, SCORE_COLUMNS, scoreOf, type ScoringRule } from './rules';
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The deciding rules in the table's column order (the order the table and the banner list them). */
const ruleOrder = (): ScoringRule[] => SCORE_COLUMNS.filter((r) => r.decides);

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

/** Why `rule` prefers `w` to `a` (the raw sum's winner), from the quantity the rule divides or adds. */
function ruleReason(rule: ScoringRule, w: CandidateScore, a: CandidateScore, name: (c: CandidateScore) => string): string {
  switch (rule.id) {
    case 'acc_norm':
    case 'acc_bytes': {
      const unit = rule.id === 'acc_norm' ? 'char' : 'byte';
      const n = rule.id === 'acc_norm' ? w.n_chars : w.n_bytes;
      const rate = (c: CandidateScore) => bits(scoreOf(c, rule.names.candidate));
      return `its ${plural(n, unit)} share the cost (${amount(rate(w))} bits per ${unit} against ${amount(rate(a))} for ${name(a)})`;
    }
    case 'acc_per_token': {
      const each = `${amount(bits(w.per_token))} bits per token against ${amount(bits(a.per_token))} for ${name(a)}`;
      return w.n_tokens > a.n_tokens ? `split into ${plural(w.n_tokens, 'cheap token')} (${each})` : `at ${each}`;
    }
    case 'acc_mutual_info': {
      const lift = (c: CandidateScore) => `${c.pmi >= 0 ? 'raises' : 'lowers'} ${c === w ? 'its' : `${name(c)}’s`} probability by ${amount(c.pmi / Math.LN2)} bits`;
      return `the context ${lift(w)} and ${lift(a)}`;
    }
    case 'acc_word':
      return `ending the word after ${name(a)} costs ${amount(bits(a.word_final_logprob))} bits, after ${name(w)} ${amount(bits(w.word_final_logprob))}`;
    default:
      return `scoring ${amount(scoreOf(w, rule.names.candidate))} against ${amount(scoreOf(a, rule.names.candidate))} for ${name(a)}`;
  }
}

/** The reason a group of rules picking `w` gives: the whole-word term where it is what flips it, else the first rule's. */
function decisiveRule(group: ScoringRule[], w: CandidateScore, a: CandidateScore): ScoringRule {
  const word = group.find((r) => r.id === 'acc_word');
  if (word && bits(a.word_final_logprob) - bits(w.word_final_logprob) > bits(w.sum_logprob) - bits(a.sum_logprob)) return word;
  const preference = ['acc_bytes', 'acc_norm', 'acc_per_token', 'acc_mutual_info', 'acc_word'];
  return [...group].sort((x, y) => rank(x) - rank(y))[0];
  function rank(r: ScoringRule) {
    const i = preference.indexOf(r.id);
    return i < 0 ? preference.length : i;
  }
}

/**
 * One sentence on why the deciding rules pick different candidates, or null when they agree (or
 * fewer than two have a winner). `winners` are positions in `candidates`; `name` names a position
 * as the screen does ("A (“hat.”)"). Amounts are in bits.
 */
export function verdictSentence(candidates: readonly CandidateScore[], winners: Readonly<Record<RuleName, number>>, name: (position: number) => string): string | null {
  const groups = new Map<number, ScoringRule[]>();
  for (const r of ruleOrder()) {
    const p = winners[r.names.winner as RuleName];
    if (p === undefined || p < 0 || !candidates[p]) continue;
    groups.set(p, [...(groups.get(p) ?? []), r]);
  }
  if (groups.size < 2) return null;
  const sum = DECIDING_RULES.find((r) => r.id === 'acc');
  const ref = sum ? winners[sum.names.winner as RuleName] : -1;
  const nameOf = (c: CandidateScore) => name(candidates.indexOf(c));
  const phraseOf = (rules: ScoringRule[]) => list(rules.map((r) => r.phrase));
  const entries = [...groups.entries()];
  if (ref === undefined || ref < 0 || !groups.has(ref)) {
    // No raw-sum winner to explain against: name who picks what.
    const text = entries.map(([p, rules]) => `${phraseOf(rules)} ${rules.length > 1 ? 'pick' : 'picks'} ${name(p)}`).join('; ');
    return text.charAt(0).toUpperCase() + text.slice(1) + '.';
  }
  const a = candidates[ref];
  const others = entries.filter(([p]) => p !== ref);
  const refRules = groups.get(ref)!;
  // The raw sum's case is about length: it is put against the longest of the other winners.
  const rival = others.reduce((best, o) => (candidates[o[0]].n_bytes > candidates[best[0]].n_bytes ? o : best), others[0]);
  const head = `${phraseOf(refRules)} ${refRules.length > 1 ? 'pick' : 'picks'} ${name(ref)}: ${sumReason(a, candidates[rival[0]], nameOf)}`;
  const rest = others.map(([p, rules]) => {
    const w = candidates[p];
    return `${phraseOf(rules)} ${rules.length > 1 ? 'pick' : 'picks'} ${name(p)}, ${ruleReason(decisiveRule(rules, w, a), w, a, nameOf)}`;
  });
  const text = [head, ...rest].join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}
