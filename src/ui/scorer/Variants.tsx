// "Variants": the current candidates formatted differently (core/scoring/variants.ts), each set
// scored as an item of its own on the loaded model, with its tokens and the winner under every
// rule, so that a reader sees which rules are fragile to formatting on this item, and which set
// lm-eval-harness's target_delimiter produces. Scored only once opened.
import { useEffect, useMemo, useState } from 'react';
import type { ItemScore, RuleName } from '../../core/scoring/types';
import { answerVariants, fragileRules, sameWinner, type ScoredVariant } from '../../core/scoring/variants';
import { scoreChunk, useEngine, type ScoredInput } from '../../state/engineSession';
import { ScrollX } from '../common/ScrollX';
import { candidateLetter, RULE_LABEL, RULE_ORDER, visible } from './format';

type Scored = { key: string; rows: ItemScore[] } | { key: string; error: string };

/**
 * What the scored variants depend on: the loaded model, the context, the candidates and every
 * scoring option (the boundary policy and PMI's unconditional context change the numbers), so a
 * change to any of them scores the variants again instead of showing the old ones.
 */
export function variantsKey(loadId: number | null, input: Pick<ScoredInput, 'context' | 'candidates' | 'options'>): string {
  return JSON.stringify([loadId, input.context, input.candidates, input.options]);
}

export function Variants(props: { input: ScoredInput; indices: number[] }) {
  const { input, indices } = props;
  const [open, setOpen] = useState(false);
  const [scored, setScored] = useState<Scored | null>(null);
  const loadId = useEngine((s) => (s.load.status === 'ready' ? s.load.loadId : null));
  const sets = useMemo(() => answerVariants(input.candidates), [input.candidates]);
  const key = variantsKey(loadId, input);

  useEffect(() => {
    if (!open || loadId === null || scored?.key === key) return;
    let live = true;
    scoreChunk({ items: sets.map((s) => ({ context: input.context, candidates: s.candidates })), options: input.options, stats: 'logprob' }).then(
      (rows) => live && setScored({ key, rows }),
      (e: unknown) => live && setScored({ key, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [open, key, loadId, sets, input, scored?.key]);

  const current = scored?.key === key ? scored : null;
  const rows = current && 'rows' in current ? current.rows : null;
  const letter = (p: number) => (p >= 0 ? candidateLetter(indices[p] ?? p) : '–');
  // A rule is fragile when its winner is another answer in another string (core/scoring/variants.ts);
  // a set that makes two candidates identical is shown but not counted.
  const scoredSets: ScoredVariant<RuleName>[] | null = rows ? rows.map((row, k) => ({ candidates: row.candidates.map((c) => c.text), winners: row.winners, identical: sets[k].identical })) : null;
  const { fragile, stable, leftOut } = scoredSets ? fragileRules(scoredSets, RULE_ORDER) : { fragile: [], stable: [], leftOut: [] };
  const names = (rules: RuleName[]) => rules.map((r) => RULE_LABEL[r]).join(', ');
  const identicalNote = (groups: readonly number[][]) => groups.map((g) => `${g.map(letter).join(' and ')} identical`).join('; ');

  return (
    <details className="variants" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="variants">
      <summary>
        <h2>Variants</h2> <span className="muted">the same answers formatted differently: which rules are fragile to formatting here</span>
      </summary>
      {open && loadId === null && <p className="muted">Load a model to score the variants.</p>}
      {open && loadId !== null && !current && <p className="muted">Scoring {sets.length} variant sets…</p>}
      {current && 'error' in current && (
        <p className="error" role="alert">
          The variants could not be scored: {current.error}
        </p>
      )}
      {rows && (
        <>
          <p className={fragile.length ? 'banner disagree' : 'banner agree'} role="status" data-testid="variants-verdict">
            {fragile.length
              ? `Fragile to formatting on this item: ${names(fragile)} (the winner changes between sets).${stable.length ? ` Stable: ${names(stable)}.` : ''}`
              : 'No rule’s winner changes with these formats on this item.'}
            {leftOut.length > 0 &&
              ` Left out: ${leftOut.map((k) => `“${sets[k].label}” (it makes ${identicalNote(sets[k].identical)})`).join(', ')}.`}
          </p>
          <ScrollX className="table-scroll" label="Variants table (scrolls sideways)">
            <table className="score-table variants-table" data-testid="variants-table">
              <caption className="sr-only">Each variant set: its candidates as scored, their tokens, and the winner under every rule</caption>
              <thead>
                <tr>
                  <th scope="col">variant</th>
                  {input.candidates.map((_, p) => (
                    <th key={p} scope="col" className="variant-cand">
                      {letter(p)}
                    </th>
                  ))}
                  {RULE_ORDER.map((r) => (
                    <th key={r} scope="col" data-rule={r}>
                      {RULE_LABEL[r]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sets.map((s, k) => {
                  const row = rows[k];
                  return (
                    <tr key={s.id} data-variant={s.id}>
                      <th scope="row" className="cand-cell variant-label">
                        {s.label}
                        {s.lmEval && (
                          <span className="badge" title="What lm-eval-harness scores for these choices: target_delimiter (a space by default) + the choice">
                            lm-eval
                          </span>
                        )}
                        {s.identical.length > 0 && (
                          <span className="badge badge-warn" data-testid="variant-identical">
                            {identicalNote(s.identical)}
                          </span>
                        )}
                      </th>
                      {row.candidates.map((c, p) => (
                        <td key={p} className="variant-cand" title={`${c.n_tokens} token${c.n_tokens === 1 ? '' : 's'}`}>
                          <code>{visible(c.text)}</code>
                          <span className="variant-tokens">
                            {c.tokens.map((t, j) => (
                              <span key={j} className="variant-token">
                                {visible(t.text || t.piece)}
                              </span>
                            ))}
                          </span>
                        </td>
                      ))}
                      {RULE_ORDER.map((r) => (
                        <td key={r} data-rule={r} className={scoredSets && !sameWinner(scoredSets[0], scoredSets[k], r) ? 'win' : undefined}>
                          {letter(row.winners[r])}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollX>
          <p className="table-note muted">Each set is scored as an item of its own; a winner in bold is another answer than the first row’s (another position and another string: a toggle that swaps two strings moves the winner’s letter, not the winner).</p>
        </>
      )}
    </details>
  );
}
