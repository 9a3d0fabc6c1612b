// "Compare with…": a second model beside the first, on the same input. Shows the winner of every
// rule on both (which flip), tokens per candidate on each (fertility), the two surprisal traces
// lined up on the candidate's bytes, and for the same tokens (a dtype comparison) the tokens whose
// log-prob moved most.
import { useEffect, useMemo, useState } from 'react';
import { compareItems } from '../../core/compare/agreement';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { ALL_DTYPES, type Dtype } from '../../core/dtypes';
import type { ItemScore } from '../../core/scoring/types';
import { useCompare } from '../../state/compareSession';
import { modelLabel, useEngine } from '../../state/engineSession';
import { useWorkspace } from '../../state/workspace';
import type { ModelChoice } from '../../state/workspaceSchema';
import { rampColor } from './colors';
import { candidateLetter, fmt, RULE_LABEL, RULE_ORDER, snippet, visible } from './format';
import { ScrollX } from '../common/ScrollX';
import './compare.css';

/** Bits per byte at which the trace's colour is darkest. */
const BPB_SCALE = 8;

function choiceOfName(name: string): ModelChoice {
  // An org/name is a hub id; anything else a model the app serves.
  return /^[\w.-]+\/[\w.-]+$/.test(name) ? { kind: 'hub', id: name } : { kind: 'served', name };
}

function sourceLabel(req: { source: { kind: string; name?: string; id?: string } }, dtype: string): string {
  return `${req.source.name ?? req.source.id ?? '?'} ${dtype}`;
}

/** `embed`: the comparison a link carries, without the form (an embed shows, it does not load other models). */
export function ModelComparison(props: { result: ItemScore; indices: number[]; embed?: boolean }) {
  const { result, indices } = props;
  const embed = props.embed ?? false;
  const wanted = useWorkspace((s) => s.compare);
  const load = useCompare((s) => s.load);
  // The first model's result comes with the table's length convention applied: the second's gets the same.
  const otherAsScored = useCompare((s) => s.result);
  const lengths = useWorkspace((s) => s.lengths);
  const other = useMemo(() => (otherAsScored ? withLengthConvention(otherAsScored, lengths) : null), [otherAsScored, lengths]);
  const error = useCompare((s) => s.error);
  const scoring = useEngine((s) => s.scoring);
  const first = useEngine((s) => s.load);
  const [name, setName] = useState(() => (wanted ? modelLabel(wanted.model) : 'stories260K'));
  const [dtype, setDtype] = useState<Dtype>(() => wanted?.dtype ?? 'q4');

  // The workspace (a link, a snapshot embed, the saved state) names a second model: load it
  // once the first is ready.
  const firstReady = first.status === 'ready';
  useEffect(() => {
    if (wanted && firstReady && load.status === 'none') void useCompare.getState().loadCompare(wanted.model, wanted.dtype);
  }, [wanted, firstReady, load.status]);

  // Score the second model on the input the first one's result belongs to, once that is complete.
  const input = scoring.input;
  const complete = (scoring.pmiPending?.length ?? 0) === 0;
  useEffect(() => {
    if (load.status !== 'ready' || !input || !complete) return;
    void useCompare.getState().score({ context: input.context, candidates: input.candidates, options: input.options });
  }, [load, input, complete]);

  const comparison = useMemo(() => {
    if (!other || other.context !== result.context || other.candidates.length !== result.candidates.length) return null;
    if (other.candidates.some((c, i) => c.text !== result.candidates[i].text)) return null;
    return compareItems(result, other);
  }, [result, other]);

  const labelA = first.status === 'ready' ? sourceLabel(first.request, first.request.dtype) : 'A';
  const labelB = load.status === 'ready' || load.status === 'loading' ? sourceLabel(load.request, load.request.dtype) : 'B';
  const letter = (p: number) => (p >= 0 ? candidateLetter(indices[p] ?? p) : '–');

  return (
    <section className="model-compare" aria-labelledby="compare-title" data-testid="model-compare">
      <h2 id="compare-title">{embed ? 'Two models compared' : 'Compare with…'}</h2>
      {!embed && (
        <form
          className="compare-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() === '') return;
            const model = choiceOfName(name.trim());
            useWorkspace.getState().setCompare({ model, dtype });
            void useCompare.getState().loadCompare(model, dtype);
          }}
        >
          <label>
            second model <input data-testid="compare-model" value={name} onChange={(e) => setName(e.target.value)} list="compare-models" spellCheck={false} />
          </label>
          <datalist id="compare-models">
            <option value="stories260K" />
          </datalist>
          <label>
            dtype{' '}
            <select data-testid="compare-dtype" value={dtype} onChange={(e) => setDtype(e.target.value as Dtype)}>
              {ALL_DTYPES.map((d) => (
                <option key={d}>{d}</option>
              ))}
            </select>
          </label>
          <button type="submit" data-testid="compare-load" disabled={load.status === 'loading'}>
            Load beside
          </button>
          {load.status === 'ready' && (
            <button
              type="button"
              onClick={() => {
                useWorkspace.getState().setCompare(undefined);
                void useCompare.getState().close();
              }}
            >
              Close
            </button>
          )}
        </form>
      )}
      <p className="small muted" data-testid="compare-status" data-status={load.status}>
        {load.status === 'none' && 'Load a second model (another model, or this one at another dtype) to see where the two agree. The first model stays loaded.'}
        {load.status === 'loading' && `Loading ${labelB} beside ${labelA}…`}
        {load.status === 'ready' && `A = ${labelA}, B = ${labelB} (WASM, ${load.info.vocabSize.toLocaleString('en')}-token vocabulary).`}
        {load.status === 'error' && <span className="error">Could not load the second model: {load.message}</span>}
      </p>
      {error && <p className="error">Scoring the second model failed: {error}</p>}
      {load.status === 'ready' && !comparison && !error && <p className="muted">Scoring {labelB}…</p>}
      {comparison && (
        <>
          <p className={comparison.flipped.length ? 'banner disagree' : 'banner agree'} role="status" data-testid="compare-banner">
            {comparison.flipped.length
              ? `The winner flips under ${comparison.flipped.map((r) => `${RULE_LABEL[r as keyof typeof RULE_LABEL] ?? r} (${letter(comparison.rules[r].a)} → ${letter(comparison.rules[r].b)})`).join(', ')}.`
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
                      {side === 'a' ? 'A' : 'B'}
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
                  <th scope="col">tokens A</th>
                  <th scope="col">tokens B</th>
                  <th scope="col">tokens/byte A</th>
                  <th scope="col">tokens/byte B</th>
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
                  <div className="aligned-row">
                    <div className="aligned-sides" aria-hidden="true">
                      <span>A</span>
                      <span>B</span>
                    </div>
                    {f.aligned.map((g, k) => (
                      <div className="aligned-group" key={k} style={{ flexGrow: Math.max(1, g.bytes[1] - g.bytes[0]) }} data-bytes={`${g.bytes[0]}-${g.bytes[1]}`}>
                        {([0, 1] as const).map((side) => {
                          const cand = side === 0 ? result.candidates[p] : other!.candidates[p];
                          const toks = cand.tokens.slice(g.tokens[side][0], g.tokens[side][1]);
                          return (
                            <div
                              key={side}
                              className="aligned-cell"
                              style={{ background: rampColor(g.bits_per_byte[side] / BPB_SCALE) }}
                              title={`${side === 0 ? 'A' : 'B'}: ${toks.length} token${toks.length === 1 ? '' : 's'}, ${fmt(g.bits[side])} bits over ${g.bytes[1] - g.bytes[0]} bytes`}
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
                </div>
              ),
            )}
            <p className="small muted aligned-key">
              A = {labelA}, B = {labelB}; | separates tokens; width is bytes.
            </p>
          </div>
          {comparison.largest_token_differences && comparison.largest_token_differences.length > 0 && (
            <>
              <h3>Largest per-token differences (same tokens on both)</h3>
              <ol className="token-diffs small" data-testid="token-diffs">
                {comparison.largest_token_differences.map((d, k) => (
                  <li key={k}>
                    {letter(d.candidate)} token {d.token + 1} “{visible(result.candidates[d.candidate].tokens[d.token].text)}”: {fmt(d.logprob[0])} → {fmt(d.logprob[1])} nats (
                    {d.diff >= 0 ? '+' : ''}
                    {fmt(d.diff)})
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
