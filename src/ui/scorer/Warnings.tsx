// The scorer's warnings (SPEC §3), each with one sentence on why it matters.
import type { ScoreWarning, WarningCode } from '../../core/scoring/types';
import type { InputProblem } from '../../state/inputCheck';
import { candidateLetter } from './format';

export const WHY: Record<WarningCode, string> = {
  context_trailing_whitespace:
    'A trailing space is moved to the front of every candidate (as lm-eval-harness does), so its cost lands on the answers instead of the question.',
  inconsistent_leading_space:
    'A candidate without the leading space others have starts with a different, often rarer token, which can decide the winner by formatting alone.',
  candidate_trailing_whitespace:
    'Trailing whitespace adds tokens and bytes that carry no meaning but still change the sum and every per-length score.',
  candidate_trailing_punctuation:
    'A final period or comma is an extra token some candidates pay for and others do not, a length effect unrelated to the answer.',
  single_character_candidates:
    'When every answer is one character (letter keys), dividing by tokens, characters or bytes divides them all by the same number, so length normalisation changes nothing.',
  boundary_merge:
    "The context's last token and the answer's first token merge into one, so part of the answer's cost is really the context's; the policy below decides how it is counted.",
  candidate_too_long:
    "Tokens beyond the model's context window cannot be scored faithfully, so the numbers for this candidate are not trustworthy.",
  empty_candidate: 'An empty answer has no tokens, so no rule can score it.',
  no_chat_template: 'Only instruct models ship a chat template; without one there is nothing to wrap the context in.',
  context_truncated:
    "The model only sees its last window of tokens; anything earlier in the context cannot change a score.",
  unscored_candidate: 'A candidate whose text is swallowed by the context\'s tokens has nothing of its own to score.',
  pmi_unavailable: 'PMI needs the candidate scored without the context too; where that is impossible, PMI is undefined.',
  non_finite_logprob:
    'A log-probability that is NaN or infinite poisons every sum and average it enters; it usually means a numerical problem on this device or dtype.',
};

export function Warnings(props: { warnings: ScoreWarning[]; indices: number[]; problems: InputProblem[] }) {
  const { warnings, indices, problems } = props;
  if (warnings.length === 0 && problems.length === 0) return null;
  return (
    <section aria-labelledby="warnings-title" className="warnings">
      <h2 id="warnings-title">Warnings</h2>
      <ul>
        {problems.map((p, k) => (
          <li key={`p${k}`} className="error" data-testid="input-problem">
            {p.message}
          </li>
        ))}
        {warnings.map((w, k) => (
          <li key={`w${k}`} className="warning" data-code={w.code}>
            <strong>{w.message}</strong>
            {w.candidates.length > 0 && (
              <span className="muted-inline"> (candidate{w.candidates.length > 1 ? 's' : ''} {w.candidates.map((p) => candidateLetter(indices[p] ?? p)).join(', ')})</span>
            )}
            <br />
            <span className="why">Why it matters: {WHY[w.code] ?? ''}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
