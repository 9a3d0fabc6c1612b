// One sentence on whether the rules agree: "raw sum picks A, per-byte picks B, per-token picks C";
// where they do not, a second one on why, from the numbers in the table (core/scoring/verdict.ts).
import type { ItemScore, RuleName } from '../../core/scoring/types';
import { verdictSentence } from '../../core/scoring/verdict';
import { candidateLetter, RULE_LABEL, RULE_ORDER as ALL_RULES, snippet } from './format';

/** "five", or the digits past ten. */
function countWord(n: number): string {
  return ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][n] ?? String(n);
}

/** `rules`: the rules to name (all when absent; a lesson names only those taught so far). */
export function DisagreementBanner(props: { result: ItemScore; indices: number[]; gold: number | null; rules?: readonly RuleName[] }) {
  const { indices, gold } = props;
  const RULE_ORDER = props.rules ? ALL_RULES.filter((r) => props.rules!.includes(r)) : ALL_RULES;
  // The verdict sentence sees only the named rules' winners.
  const result = props.rules ? { ...props.result, winners: Object.fromEntries(ALL_RULES.map((r) => [r, RULE_ORDER.includes(r) ? props.result.winners[r] : -1])) as ItemScore['winners'] } : props.result;
  // Group rules by the workspace index they pick, in the order the rules are listed.
  const groups = new Map<number, RuleName[]>();
  for (const rule of RULE_ORDER) {
    const i = indices[result.winners[rule]];
    if (i === undefined) continue;
    groups.set(i, [...(groups.get(i) ?? []), rule]);
  }
  if (groups.size === 0) return null;
  // A rule without a winner (PMI before its second pass, or with no scored candidate) is named, not counted.
  const undecided = RULE_ORDER.filter((r) => indices[result.winners[r]] === undefined).map((r) => RULE_LABEL[r]);
  const undecidedNote = undecided.length === 0 ? '' : ` ${undecided.join(' and ')} ${undecided.length > 1 ? 'have' : 'has'} no winner.`;
  const name = (i: number) => {
    const p = indices.indexOf(i);
    return `${candidateLetter(i)} (“${snippet(result.candidates[p]?.text ?? '')}”)`;
  };
  const phrase = ([i, rules]: [number, RuleName[]]) =>
    `${rules.map((r) => RULE_LABEL[r]).join(rules.length > 2 ? ', ' : ' and ').replace(/, ([^,]*)$/, ' and $1')} ${rules.length > 1 ? 'pick' : 'picks'} ${name(i)}`;
  const entries = [...groups.entries()];
  const goldNote =
    gold === null
      ? ''
      : (() => {
          const right = RULE_ORDER.filter((r) => indices[result.winners[r]] === gold).map((r) => RULE_LABEL[r]);
          return right.length === 0
            ? ` No rule picks the gold answer ${candidateLetter(gold)}.`
            : right.length === RULE_ORDER.length - undecided.length
              ? ''
              : ` Right (gold ${candidateLetter(gold)}): ${right.join(', ')}.`;
        })();
  if (entries.length === 1 && RULE_ORDER.length === 1) {
    const rule = RULE_LABEL[RULE_ORDER[0]];
    return (
      <p className="banner agree" role="status" data-testid="disagreement">
        {rule.charAt(0).toUpperCase() + rule.slice(1)} picks {name(entries[0][0])}.{goldNote}
      </p>
    );
  }
  if (entries.length === 1) {
    return (
      <p className="banner agree" role="status" data-testid="disagreement">
        {undecided.length === 0 ? 'All' : 'The'} {countWord(RULE_ORDER.length - undecided.length)} rules {undecided.length === 0 ? '' : 'with a winner '}
        pick {name(entries[0][0])}.{undecidedNote}
        {goldNote}
      </p>
    );
  }
  const text = entries.map(phrase).join('; ');
  const why = verdictSentence(result.candidates, result.winners, (p) => candidateLetter(indices[p]));
  return (
    <p className="banner disagree" role="status" data-testid="disagreement">
      <strong>The rules disagree:</strong> {text.charAt(0).toUpperCase() + text.slice(1)}.{undecidedNote}
      {goldNote}
      {why && (
        <span className="verdict" data-testid="verdict">
          <strong>Why:</strong> {why}
        </span>
      )}
    </p>
  );
}
