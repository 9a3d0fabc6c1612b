// What a comparison of two models on one item shows: the winner of every rule on both (which
// flip), tokens per candidate on each (fertility), the two surprisal traces lined up on the
// candidate's bytes, and, for the same tokens (a dtype comparison), the tokens whose log-prob
// moved most. Pure rendering of two results: the live Scorer and a snapshot embed both use it.
import type { ItemComparison } from '../../core/compare/agreement';
import type { ItemScore } from '../../core/scoring/types';
import { rampColor, textOn } from './colors';
import { candidateLetter, compareNames, fmt, inUnits, RULE_LABEL, RULE_ORDER, snippet, visible } from './format';
import type { Units } from '../../state/workspaceSchema';
import { ScrollX } from '../common/ScrollX';

/** Bits per byte at which the trace's colour is darkest. */
const BPB_SCALE = 8;

/** `comparison`: compareItems(result, other), the first model's result against the second's. */
export function ComparisonView(props: { comparison: ItemComparison; result: ItemScore; other: ItemScore; indices: number[]; labelA: string; labelB: string; units?: Units }) {
  const { comparison, result, other, indices, labelA, labelB } = props;
  // The per-token differences follow the Scorer's bits/nats switch (the aligned blocks are bits per byte).
  const units = props.units ?? 'bits';
  const u = (nats: number) => fmt(inUnits(nats, units));
  const letter = (p: number) => (p >= 0 ? candidateLetter(indices[p] ?? p) : '–');
  // Models by name (fp32 / q4, or the models' names), never A/B beside candidates A–D.
  const [nameA, nameB] = compareNames(labelA, labelB);
  const nameOf = (side: 'a' | 'b' | 0 | 1) => (side === 'a' || side === 0 ? nameA : nameB);
  return (
        <>
          <p className={comparison.flipped.length ? 'banner disagree' : 'banner agree'} role="status" data-testid="compare-banner">
            {comparison.flipped.length
              ? `The winner flips under ${comparison.flipped.map((r) => `${RULE_LABEL[r as keyof typeof RULE_LABEL] ?? r} (${letter(comparison.rules[r].a)} on ${nameA}, ${letter(comparison.rules[r].b)} on ${nameB})`).join(', ')}.`
              : 'Both models pick the same candidate under every rule.'}
          </p>
          <ScrollX className="table-scroll" label="Winners on both models (scrolls sideways)">
            <table className="score-table compare-agreement" data-testid="compare-agreement">
              <caption className="sr-only">The winner of each rule on both models</caption>
              <thead>
                <tr>
                  <th scope="col">model</th>
                  {RULE_ORDER.map((r) => (
                    <th scope="col" key={r}>
                      {RULE_LABEL[r]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {(['a', 'b'] as const).map((side) => (
                  <tr key={side}>
                    <th scope="row" title={side === 'a' ? labelA : labelB}>
                      {nameOf(side)}
                    </th>
                    {RULE_ORDER.map((r) => (
                      <td key={r}>{letter(comparison.rules[r]?.[side] ?? -1)}</td>
                    ))}
                  </tr>
                ))}
                <tr className="agreement-row" data-testid="agreement-row">
                  <th scope="row">agreement</th>
                  {RULE_ORDER.map((r) => {
                    const same = comparison.rules[r]?.same ?? null;
                    return (
                      <td key={r} data-rule={r} data-same={String(same)} className={same === false ? 'flip' : same ? 'same' : ''}>
                        {same === null ? 'no winner' : same ? 'same' : 'flips'}
                      </td>
                    );
                  })}
                </tr>
              </tbody>
            </table>
          </ScrollX>
          <ScrollX className="table-scroll" label="Tokens per candidate on both models (scrolls sideways)">
            <table className="score-table compare-fertility" data-testid="compare-fertility">
              <caption className="sr-only">Bytes, characters and tokens of each candidate on both models</caption>
              <thead>
                <tr>
                  <th scope="col">candidate</th>
                  <th scope="col">bytes</th>
                  <th scope="col">chars</th>
                  <th scope="col">tokens, {nameA}</th>
                  <th scope="col">tokens, {nameB}</th>
                  <th scope="col">tokens/byte, {nameA}</th>
                  <th scope="col">tokens/byte, {nameB}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.candidates.map((f, p) => (
                  <tr key={p} data-candidate={p}>
                    <th scope="row">
                      <span className="cand-letter">{letter(p)}</span> <span className="cand-text">{snippet(result.candidates[p].text, 24)}</span>
                    </th>
                    <td>{f.n_bytes}</td>
                    <td>{f.n_chars}</td>
                    <td data-testid="tokens-a">{f.n_tokens[0]}</td>
                    <td data-testid="tokens-b">{f.n_tokens[1]}</td>
                    <td>{fmt(f.tokens_per_byte[0])}</td>
                    <td>{fmt(f.tokens_per_byte[1])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
          <h3>Surprisal, aligned on bytes</h3>
          <p className="small muted" data-testid="aligned-note">
            Each block covers the same bytes on both models; its colour and number are bits per byte.{' '}
            {comparison.same_tokens
              ? 'Both models cut every candidate into the same tokens, so every difference here is the model’s own (here, its weights or dtype), not the tokenizer’s.'
              : `Per byte, the two models are directly comparable; per token they are not, because ${labelA} and ${labelB} cut the same bytes into different numbers of tokens.`}
          </p>
          <div className="aligned-traces" data-testid="aligned-traces">
            {comparison.candidates.map((f, p) =>
              f.aligned.length === 0 ? null : (
                <div className="aligned-candidate" key={p} data-candidate={p}>
                  <div className="aligned-label">
                    <span className="cand-letter">{letter(p)}</span> {snippet(result.candidates[p].text, 40)}
                  </div>
                  {/* Each block as wide as its text at least: a long row scrolls sideways rather than cutting labels. */}
                  <ScrollX label={`Candidate ${letter(p)}, aligned blocks`} className="aligned-scroll">
                  <div className="aligned-row">
                    <div className="aligned-sides" aria-hidden="true">
                      <span title={labelA}>{nameA}</span>
                      <span title={labelB}>{nameB}</span>
                    </div>
                    {f.aligned.map((g, k) => (
                      <div className="aligned-group" key={k} style={{ flexGrow: Math.max(1, g.bytes[1] - g.bytes[0]) }} data-bytes={`${g.bytes[0]}-${g.bytes[1]}`}>
                        {([0, 1] as const).map((side) => {
                          const cand = side === 0 ? result.candidates[p] : other.candidates[p];
                          const toks = cand.tokens.slice(g.tokens[side][0], g.tokens[side][1]);
                          return (
                            <div
                              key={side}
                              className="aligned-cell"
                              style={{ background: rampColor(g.bits_per_byte[side] / BPB_SCALE), color: textOn(rampColor(g.bits_per_byte[side] / BPB_SCALE)) }}
                              title={`${nameOf(side)}: ${toks.length} token${toks.length === 1 ? '' : 's'}, ${fmt(g.bits[side])} bits over ${g.bytes[1] - g.bytes[0]} bytes`}
                              data-side={side === 0 ? 'a' : 'b'}
                              data-tokens={toks.length}
                              data-bits={g.bits[side]}
                            >
                              <span className="aligned-pieces">{toks.map((t) => visible(t.text)).join('|')}</span>
                              <span className="aligned-bpb">{fmt(g.bits_per_byte[side], 2)}</span>
                            </div>
                          );
                        })}
                      </div>
                    ))}
                  </div>
                  </ScrollX>
                </div>
              ),
            )}
            <p className="small muted aligned-key">
              Top row {labelA}, bottom row {labelB}; | separates tokens; width is bytes.
            </p>
          </div>
          {comparison.largest_token_differences && comparison.largest_token_differences.length > 0 && (
            <>
              <h3>Largest per-token differences (same tokens on both; log-probs in {units})</h3>
              <ol className="token-diffs small" data-testid="token-diffs">
                {comparison.largest_token_differences.map((d, k) => (
                  <li key={k}>
                    {letter(d.candidate)} token {d.token + 1} “{visible(result.candidates[d.candidate].tokens[d.token].text)}”: {u(d.logprob[0])} {units} on {nameA} → {u(d.logprob[1])} on {nameB} (
                    {d.diff >= 0 ? '+' : ''}
                    {u(d.diff)})
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
  );
}
