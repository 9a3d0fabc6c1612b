// The fertility step's figure: each answer's bytes beside its tokens under two tokenizers, the
// lesson model's scores divided by its own tokens and by bytes, and what the per-token
// denominator would become under the other tokenizer (counts only: no trained model for it here).
import { utf8Length } from '../../core/text/unicode';
import { lengthText } from '../../core/scoring/lengthConvention';
import { workspaceHash } from '../../state/urlState';
import { defaultWorkspace } from '../../state/workspace';
import { ScrollX } from '../common/ScrollX';
import { fmt, visible } from '../scorer/format';
import { LESSON_LENGTHS } from './content';
import type { Facts, FertilityWidget } from './types';

/** The Scorer with the step's answers, stories260K beside a 49,152-token hub model. */
export function fertilityCompareHash(w: FertilityWidget): string {
  return workspaceHash({ ...defaultWorkspace(), context: w.context, candidates: w.candidates, gold: null, compare: { model: { kind: 'hub', id: 'HuggingFaceTB/SmolLM2-135M-Instruct' }, dtype: 'q4' } });
}

// A space is · everywhere a string is quoted; pieces are set apart by a rule, not by a mark.
const showPiece = (p: string) => p.replace(/▁/g, '·').replace(/^<0x([0-9A-F]{2})>$/, '⟨$1⟩');

export function FertilityFigure(props: { widget: FertilityWidget; facts: Extract<Facts, { kind: 'fertility' }> }) {
  const { result, tokenizers } = props.facts;
  const [own, other] = tokenizers;
  const bits = (c: number) => -c / Math.LN2;
  return (
    <div className="fertility" data-testid="fertility">
      <div className="lesson-context">{props.widget.context}</div>
      <ScrollX className="table-scroll" label="Bytes and tokens of each answer under both tokenizers (scrolls sideways)">
        <table className="score-table fertility-table" data-testid="fertility-table">
          <caption className="sr-only">Each answer’s bytes, its tokens under both tokenizers, and stories260K’s cost divided by each</caption>
          <thead>
            <tr>
              <th>Answer</th>
              <th>Bytes</th>
              <th>
                Tokens, {own.name} ({own.vocabSize.toLocaleString('en')})
              </th>
              <th>
                Tokens, {other.name} ({other.vocabSize.toLocaleString('en')})
              </th>
              <th>{own.name}: bits</th>
              <th>bits ÷ its tokens</th>
              <th>bits ÷ bytes</th>
            </tr>
          </thead>
          <tbody>
            {result.candidates.map((c, i) => (
              <tr key={i} data-testid="fertility-row">
                <td>“{visible(c.text)}”</td>
                <td data-testid="fertility-bytes">{utf8Length(lengthText(c.text, LESSON_LENGTHS))}</td>
                {[own, other].map((t) => (
                  <td key={t.name} data-testid={`fertility-tokens-${t === own ? 'own' : 'other'}`}>
                    <strong>{t.pieces[i].length}</strong>{' '}
                    <span className="fertility-pieces">
                      {t.pieces[i].map((p, k) => (
                        <span key={k}>{showPiece(p)}</span>
                      ))}
                    </span>
                    {t.merged[i] && ' (straddles the context’s end)'}
                  </td>
                ))}
                <td>{fmt(bits(c.sum_logprob), 2)}</td>
                <td>{fmt(bits(c.sum_logprob) / c.n_tokens, 2)}</td>
                <td>{fmt(bits(c.sum_logprob) / c.n_bytes, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      <p className="small" data-testid="fertility-no-scores">
        {!other.scored && `${other.name} shows token counts, not scores: no model with trained weights for this ${other.vocabSize.toLocaleString('en')}-token vocabulary ships with lengthlens, and counting needs only the tokenizer. `}
        Bytes are one column because they do not depend on the tokenizer (the leading space is the harness’s delimiter and not counted).
      </p>
      <p className="small">
        With two trained hub models (say SmolLM2 135M, 49,152 tokens, and Llama 3.2 1B, 128,256) both token columns would carry scores, and their per-token columns would differ by the tokenizers as well as the models; their per-byte columns would differ by the models alone. The Scorer’s <a href={fertilityCompareHash(props.widget)} data-testid="fertility-compare-link">Compare with…</a> does it live: it opens these answers on stories260K beside SmolLM2 135M Instruct (downloaded from the hub).
      </p>
    </div>
  );
}
