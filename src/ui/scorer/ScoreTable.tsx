// One row per candidate, one column per quantity; the winner of each rule is starred.
import { useEffect, useRef } from 'react';
import type { CandidateScore, ItemScore, RuleName } from '../../core/scoring/types';
import { SCORE_COLUMNS, type RuleInput, type ScoreField } from '../../core/scoring/rules';
import { conventionMatters, type LengthConvention } from '../../core/scoring/lengthConvention';
import type { InputProblem } from '../../state/inputCheck';
import type { Units } from '../../state/workspaceSchema';
import { candidateLetter, fmt, inUnits, RULE_LABEL, visible } from './format';
import { ScrollX } from '../common/ScrollX';
import { WinMark } from '../common/WinMark';

type NumericKey = 'n_tokens' | 'n_bytes' | 'n_chars' | ScoreField | 'first_token_bits';

interface Column {
  key: NumericKey;
  label: string;
  /** 'logprob': shown in the chosen unit; 'bits': always bits; 'count': an integer. */
  kind: 'logprob' | 'bits' | 'count';
  rule?: RuleName;
  /** What its rule needs beyond the tokens' log-probs (a term the Scorer's second phase may still be scoring). */
  needs?: readonly RuleInput[];
  /** The lm-eval-harness metric it is, where it has a name there. */
  harness?: string;
  title: string;
}

const COLUMNS: Column[] = [
  { key: 'n_tokens', label: 'tokens', kind: 'count', title: 'Scored tokens of the continuation' },
  { key: 'n_bytes', label: 'bytes', kind: 'count', title: 'UTF-8 bytes of the candidate (a leading space counted or not, as the lengths line says): the per-byte denominator' },
  { key: 'n_chars', label: 'chars', kind: 'count', title: 'Unicode code points of the candidate (a leading space counted or not, as the lengths line says): the per-char denominator' },
  // One column per row of the rule table, less bits/byte: it is per byte's number in bits, negated
  // (the per-byte column's title says so), and a second column of it only costs width.
  ...SCORE_COLUMNS.filter((r) => r.id !== 'bits_per_byte').map(
    (r): Column => ({
      key: r.names.candidate as ScoreField,
      label: r.label,
      kind: r.unit.startsWith('bits') ? 'bits' : 'logprob',
      rule: r.names.winner as RuleName | undefined,
      needs: r.needs,
      harness: r.harness,
      title: r.id === 'acc_bytes' ? `${r.title}; in bits it is minus the bits per byte` : r.title,
    }),
  ),
  { key: 'first_token_bits', label: 'first-token bits', kind: 'bits', title: 'Surprisal of the first scored token, in bits' },
];


export interface ScoreTableProps {
  result: ItemScore | null;
  /** Workspace index of each candidate in `result`. */
  indices: number[];
  candidateCount: number;
  problems: InputProblem[];
  gold: number | null;
  units: Units;
  onUnits(units: Units): void;
  stale: boolean;
  /** Workspace indices of rows being re-scored (their shown numbers are out of date); the others are fresh. */
  rescoring?: readonly number[];
  /** Workspace indices of rows whose PMI is still being scored (every other number of theirs is final). */
  pmiPending?: readonly number[];
  /** Workspace indices of rows whose whole-word term is still being scored (a pass of its own under dynamic q8). */
  wordFinalPending?: readonly number[];
  /** Called after a new result is on screen (for the latency figure). */
  onRendered?(): void;
  /** Which length convention `result` was counted under; `onLengths` makes it selectable. */
  lengths?: LengthConvention;
  onLengths?(c: LengthConvention): void;
  /** Which columns (by candidate field) to show; all when absent (a lesson shows only the rules taught so far). */
  columns?(key: string): boolean;
  /** Column keys to put first, right after the candidate. */
  first?: readonly string[];
}

const LENGTH_LABEL: Record<LengthConvention, string> = {
  harness: 'as lm-eval-harness: a leading space (its target_delimiter) is not counted',
  typed: 'as typed: every character counted',
};

/** Which string the per-char and per-byte columns divide by: shown wherever a candidate starts with a space. */
function LengthsLine(props: { convention: LengthConvention; onChange?(c: LengthConvention): void }) {
  if (!props.onChange)
    return (
      <p className="muted small lengths-line" data-testid="lengths-line" data-lengths={props.convention}>
        Lengths (chars, bytes and what is divided by them) {LENGTH_LABEL[props.convention]}.
      </p>
    );
  return (
    <fieldset className="lengths-line small" data-testid="lengths-line" data-lengths={props.convention}>
      <legend>Lengths (chars, bytes and what is divided by them)</legend>
      {(['harness', 'typed'] as const).map((c) => (
        <label key={c}>
          <input type="radio" name="lengths" value={c} checked={props.convention === c} onChange={() => props.onChange!(c)} data-testid={`lengths-${c}`} /> {LENGTH_LABEL[c]}
        </label>
      ))}
    </fieldset>
  );
}

function cellText(c: CandidateScore, col: Column, units: Units): string {
  const v = c[col.key];
  if (col.kind === 'count') return String(v);
  if (col.kind === 'bits') return fmt(v);
  return fmt(inUnits(v, units));
}

/**
 * The winner under each rule with its score, in three columns: what the table says, readable where
 * the table's dozen columns do not fit (shown at 720 px and below; the table scrolls beneath it).
 */
function WinnerView(props: { result: ItemScore; indices: number[]; columns: Column[]; units: Units; undecided: (r: RuleName) => boolean }) {
  const { result, indices, units } = props;
  const rows = props.columns.filter((col) => col.rule !== undefined);
  return (
    <table className="winner-view" data-testid="winner-view">
      <caption className="sr-only">The winner under each rule, and its score</caption>
      <thead>
        <tr>
          <th scope="col">rule</th>
          <th scope="col">winner</th>
          <th scope="col">its score</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((col) => {
          const p = result.winners[col.rule!];
          const c = p !== undefined && p >= 0 ? result.candidates[p] : undefined;
          const unit = col.kind === 'logprob' ? ` ${units === 'bits' ? 'bits' : 'nats'}` : col.kind === 'bits' ? ' bits' : '';
          return (
            <tr key={col.key} data-rule={col.rule}>
              <th scope="row">{RULE_LABEL[col.rule!]}</th>
              {c && !props.undecided(col.rule!) ? (
                <>
                  <td className="winner-cand">
                    <span className="cand-letter">{candidateLetter(indices[p])}</span> <span className="cand-text">{visible(c.text)}</span>
                  </td>
                  <td>
                    {cellText(c, col, units)}
                    <span className="unit">{unit}</span>
                  </td>
                </>
              ) : (
                <td colSpan={2} className="muted">
                  no winner yet
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ScoreTable(props: ScoreTableProps) {
  const { result, indices, units } = props;
  const onRendered = props.onRendered;
  const renderedFor = useRef<ItemScore | null>(null);
  const rescoring = new Set(props.rescoring ?? []);
  // The terms the Scorer's second phase may still be scoring: which rows wait for each, and why.
  const pendingTerms: { needs: RuleInput; rows: ReadonlySet<number>; why: string }[] = [
    { needs: 'unconditionalLogprob', rows: new Set(props.pmiPending ?? []), why: "PMI's unconditional term (a second pass of this candidate) is being scored" },
    { needs: 'wordFinalLogprob', rows: new Set(props.wordFinalPending ?? []), why: 'The whole-word term (under dynamic q8 a pass of its own, after the last token) is being scored' },
  ];
  const waiting = (col: Column | undefined) => pendingTerms.filter((p) => col?.needs?.includes(p.needs));
  // A row's cell whose rule needs a term still being scored for it: what to say about it.
  const pendingTerm = (col: Column, i: number) => waiting(col).find((p) => p.rows.has(i))?.why ?? null;
  // A rule's winner is not known while any row's term for it is pending.
  const undecided = (rule: RuleName) => waiting(COLUMNS.find((c) => c.rule === rule)).some((p) => p.rows.size > 0);
  const kept = props.columns ? COLUMNS.filter((c) => props.columns!(c.key)) : COLUMNS;
  // Columns named in `first` lead, in that order (on a phone they stay in view without scrolling).
  const first = props.first ?? [];
  const shownColumns = [...first.flatMap((k) => kept.filter((c) => c.key === k)), ...kept.filter((c) => !first.includes(c.key))];
  useEffect(() => {
    if (result && renderedFor.current !== result) {
      renderedFor.current = result;
      onRendered?.();
    }
  }, [result, onRendered]);

  const byIndex = new Map<number, CandidateScore>();
  const winnersOf = new Map<number, RuleName[]>();
  if (result) {
    result.candidates.forEach((c, p) => byIndex.set(indices[p], c));
    for (const [rule, p] of Object.entries(result.winners) as [RuleName, number][]) {
      const i = indices[p];
      if (i === undefined) continue;
      winnersOf.set(i, [...(winnersOf.get(i) ?? []), rule]);
    }
  }
  const problemOf = new Map(props.problems.filter((p) => p.candidate !== null).map((p) => [p.candidate as number, p.message]));
  const unitLabel = units === 'bits' ? 'bits' : 'nats';

  return (
    <section className="score-table-wrap" aria-labelledby="score-table-title" aria-busy={props.stale || undefined}>
      <div className="section-head">
        <h2 id="score-table-title">Scores</h2>
        <fieldset className="units-switch">
          <legend className="sr-only">Units of log-probabilities</legend>
          {(['bits', 'nats'] as const).map((u) => (
            <label key={u}>
              <input type="radio" name="units" value={u} checked={units === u} onChange={() => props.onUnits(u)} /> {u}
            </label>
          ))}
        </fieldset>
      </div>
      {result && props.lengths && conventionMatters(result.candidates.map((c) => c.text)) && <LengthsLine convention={props.lengths} onChange={props.onLengths} />}
      {result && <WinnerView result={result} indices={indices} columns={shownColumns} units={units} undecided={undecided} />}
      <ScrollX className={`table-scroll ${props.stale ? 'stale' : ''}`} label="Scores table (scrolls sideways)">
        <table className="score-table" data-testid="score-table">
          <caption className="sr-only">
            Score of each candidate under every rule; log-probabilities in {unitLabel}; ★ marks the winner of a rule.
          </caption>
          <thead>
            <tr>
              <th scope="col">candidate</th>
              {shownColumns.map((col) => (
                <th key={col.key} scope="col" title={col.title} data-col={col.key}>
                  {col.label}
                  {col.kind === 'logprob' && <span className="unit"> ({unitLabel})</span>}
                  {col.kind === 'bits' && col.key !== 'bits_per_byte' && <span className="unit"> (bits)</span>}
                  {col.harness && (
                    <span className="rule-name">
                      {col.harness.split('_').map((part, k) => (
                        <span key={k}>
                          {k > 0 && (
                            <>
                              _<wbr />
                            </>
                          )}
                          {part}
                        </span>
                      ))}
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: props.candidateCount }, (_, i) => {
              const problem = problemOf.get(i);
              const c = byIndex.get(i);
              const wins = (winnersOf.get(i) ?? []).filter((r) => !undecided(r));
              const label = (
                <th scope="row" className="cand-cell">
                  <span className="cand-letter">{candidateLetter(i)}</span>
                  {props.gold === i && <span className="gold-mark" title="gold answer">gold</span>}
                  {c && <span className="cand-text" title={c.text}>{visible(c.text)}</span>}
                  {rescoring.has(i) && (
                    <span className="badge rescoring-mark" title="This row changed; it is being re-scored (the other rows come from the cache)">
                      re-scoring…
                    </span>
                  )}
                  {c?.boundary === 'merged' && (
                    <span className="badge" title="The context's last token and this candidate's first token merge">merged</span>
                  )}
                </th>
              );
              if (problem || !c) {
                return (
                  <tr key={i} data-candidate={i} className="unscored">
                    {label}
                    {/* Only a real problem is styled as an error; a row waiting for its first score is plain. */}
                    <td colSpan={shownColumns.length} className={problem ? 'problem-cell' : 'pending-cell muted'}>
                      {problem ?? (result ? 'Not scored yet.' : '')}
                    </td>
                  </tr>
                );
              }
              return (
                <tr key={i} data-candidate={i} data-fresh={!rescoring.has(i)} className={[wins.length ? 'has-win' : '', rescoring.has(i) ? 'rescoring' : ''].join(' ').trim() || undefined}>
                  {label}
                  {shownColumns.map((col) => {
                    const win = col.rule !== undefined && wins.includes(col.rule);
                    const pending = pendingTerm(col, i);
                    if (pending)
                      return (
                        <td key={col.key} data-col={col.key} data-pending="true" className="muted" title={`${pending}; every other number of this row is final`}>
                          …
                        </td>
                      );
                    return (
                      <td key={col.key} data-col={col.key} data-value={c[col.key]} className={win ? 'win' : undefined}>
                        {cellText(c, col, units)}
                        {win && <WinMark rule={RULE_LABEL[col.rule!]} />}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollX>
      <p className="table-note muted">
        Higher log-prob columns are better (per byte in bits is minus the bits per byte); PriorBPB and first-token bits are costs (lower
        is better). Ties go to the first candidate, as in lm-eval-harness.
      </p>
    </section>
  );
}
