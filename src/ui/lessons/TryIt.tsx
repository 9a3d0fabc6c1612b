// "Try it": after a scorer step's reveal the learner edits the candidates (toggle the final period,
// the leading or the trailing space, append words) and watches each taught rule's winner follow,
// with each candidate's text as scored (spaces shown as ·), what each length rule divides it by,
// and the bits it gained per token it gained. Scored on the lesson model, cached per input.
import { useEffect, useState } from 'react';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import type { CandidateScore, ItemScore, RuleName } from '../../core/scoring/types';
import { candidateLetter, fmt, RULE_LABEL, visible } from '../scorer/format';
import { LESSON_LENGTHS } from './content';
import { hasPeriod, hasTrailingSpace, toggleLeadingSpace, togglePeriod, toggleTrailingSpace } from './choiceEdits';
import { scoreItems } from './lessonEngine';
import type { ScorerWidget } from './types';

const bitsOf = (logprob: number) => -logprob / Math.LN2;

/** What each length rule divides a candidate's sum by (the lessons' harness count: the leading space is the delimiter). */
const DENOMINATOR: Partial<Record<RuleName, { unit: [string, string]; of: (c: CandidateScore) => number }>> = {
  per_token: { unit: ['token', 'tokens'], of: (c) => c.n_tokens },
  acc_norm: { unit: ['character', 'characters'], of: (c) => c.n_chars },
  acc_bytes: { unit: ['byte', 'bytes'], of: (c) => c.n_bytes },
};

export function TryIt(props: { widget: ScorerWidget; base: ItemScore; taught: readonly RuleName[] }) {
  const { widget, base } = props;
  const [texts, setTexts] = useState<string[]>(widget.candidates);
  const [result, setResult] = useState<ItemScore>(base);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = JSON.stringify(texts);
  useEffect(() => {
    if (texts.every((t, i) => t === widget.candidates[i])) {
      setResult(base);
      setError(null);
      return;
    }
    if (texts.some((t) => t.trim() === '')) {
      setError('Every candidate needs some text.');
      return;
    }
    let alive = true;
    setBusy(true);
    // A short pause so that typing does not score every keystroke.
    const timer = setTimeout(() => {
      scoreItems([{ context: widget.context, candidates: texts }], widget.unconditionalContext ?? '').then(
        ([r]) => {
          if (!alive) return;
          setResult(withLengthConvention(r, LESSON_LENGTHS));
          setError(null);
          setBusy(false);
        },
        (e: unknown) => {
          if (!alive) return;
          setError(e instanceof Error ? e.message : String(e));
          setBusy(false);
        },
      );
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const set = (i: number, t: string) => setTexts((xs) => xs.map((x, j) => (j === i ? t : x)));
  const divisors = props.taught.filter((r) => DENOMINATOR[r]);
  return (
    <section className="panel try-it" aria-labelledby="try-it-title" data-testid="try-it" data-busy={busy}>
      <h3 id="try-it-title">Try it: edit an answer</h3>
      <p className="muted small">Toggle a leading space, a trailing space or a period (a button shows pressed while the answer has it), or type more words: each rule’s winner follows, scored live. A · marks a space; the leading space is the delimiter, not counted in characters or bytes.</p>
      <ol className="try-candidates">
        {texts.map((t, i) => {
          const now = result.candidates[i];
          const was = base.candidates[i];
          const extra = now && was ? now.n_tokens - was.n_tokens : 0;
          return (
            <li key={i}>
              <span className="try-letter" aria-hidden="true">
                {candidateLetter(i)}
              </span>
              <input type="text" value={t} onChange={(e) => set(i, e.target.value)} aria-label={`Candidate ${candidateLetter(i)}`} data-testid={`try-candidate-${i}`} spellCheck={false} />
              {/* Toggles, pressed while the answer has that part (short labels: one row on a phone). */}
              <span className="try-toggles" role="group" aria-label={`Candidate ${candidateLetter(i)}: leading space, trailing space, period`}>
                <button type="button" className="small" aria-pressed={t.startsWith(' ')} onClick={() => set(i, toggleLeadingSpace(t))} data-testid={`try-space-${i}`}>
                  leading space
                </button>
                <button type="button" className="small" aria-pressed={hasTrailingSpace(t)} onClick={() => set(i, toggleTrailingSpace(t))} data-testid={`try-trailing-${i}`}>
                  trailing space
                </button>
                <button type="button" className="small" aria-pressed={hasPeriod(t)} onClick={() => set(i, togglePeriod(t))} data-testid={`try-period-${i}`}>
                  period
                </button>
              </span>
              <span className="small try-scored" data-testid={`try-scored-${i}`}>
                scored as <code>{visible(t)}</code>
                {now && divisors.length > 0 && (
                  <span className="muted" data-testid={`try-divides-${i}`}>
                    {' '}· divided by{' '}
                    {divisors
                      .map((r) => {
                        const d = DENOMINATOR[r]!;
                        const n = d.of(now);
                        return `${n} ${d.unit[n === 1 ? 0 : 1]} (${RULE_LABEL[r]})`;
                      })
                      .join(', ')}
                  </span>
                )}
              </span>
              {now && (
                <span className="muted small try-cost" data-testid={`try-cost-${i}`}>
                  {fmt(bitsOf(now.sum_logprob), 2)} bits in {now.n_tokens} {now.n_tokens === 1 ? 'token' : 'tokens'}
                  {extra !== 0 && was && ` (${extra > 0 ? '+' : ''}${extra} tokens: ${fmt((bitsOf(now.sum_logprob) - bitsOf(was.sum_logprob)) / extra, 2)} bits per extra token: H, the mean surprisal per token, as this edit measures it)`}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ul className="try-winners" aria-live="polite">
        {props.taught.map((rule) => {
          const w = result.winners[rule];
          const flipped = w !== base.winners[rule];
          return (
            <li key={rule} data-testid={`try-winner-${rule}`} data-winner={w} data-flipped={flipped}>
              {RULE_LABEL[rule]} picks <strong>{w >= 0 ? candidateLetter(w) : '—'}</strong>
              {flipped && <span className="badge">changed</span>}
            </li>
          );
        })}
      </ul>
      {texts.some((t, i) => t !== widget.candidates[i]) && (
        <button type="button" className="link small" onClick={() => setTexts(widget.candidates)} data-testid="try-reset">
          Back to the lesson’s answers
        </button>
      )}
    </section>
  );
}
