// Turns the scoring engine's per-candidate output into the task metrics' input, so the browser's
// batch scoring and `lengthlens task --model` feed the same taskMetrics() as `--bits`.
import type { TokenBits } from '../bpb/perByteCost';
import { inputsOfCandidate } from '../scoring/candidateInputs';
import type { CandidateScore } from '../scoring/types';
import type { TaskItem } from '../tasks/types';
import type { ScoredItem } from './types';

/**
 * Per-token [bits, bytes] whose bits add up to the candidate's −sum_logprob / ln 2. After a boundary
 * merge (policy `whole`) the sum counts only the straddling first token's share of its bits, and
 * the token's span covers only its continuation bytes; its bits are set to that share.
 */
export function tokenBits(c: CandidateScore): TokenBits[] {
  const tokens = c.tokens.map((t) => [t.bits, t.bytes[1] - t.bytes[0]] as TokenBits);
  if (c.boundary === 'merged' && tokens.length > 0 && Number.isFinite(c.sum_logprob)) {
    const rest = tokens.slice(1).reduce((s, [b]) => s + b, 0);
    tokens[0] = [-c.sum_logprob / Math.LN2 - rest, tokens[0][1]];
  }
  return tokens;
}

/**
 * One task item plus one CandidateScore per choice (scored as targetDelimiter + choice). Token
 * bytes come from the engine's exact UTF-8 spans, never from decoding tokens one at a time. Only
 * gold choices keep their per-token (bits, bytes): nothing else needs them, and a 10,000-item task
 * then holds one short token list per item.
 */
export function scoredItemFromCandidates(item: TaskItem, candidates: readonly CandidateScore[]): ScoredItem {
  if (candidates.length !== item.choices.length)
    throw new RangeError(`item ${item.id}: ${candidates.length} scores for ${item.choices.length} choices`);
  const golds = new Set(typeof item.gold === 'number' ? [item.gold] : item.gold);
  return {
    id: item.id,
    subject: item.subject,
    gold: item.gold,
    choices: candidates.map((c, i) => ({
      // The rule inputs, with the continuation the engine actually scored (a context's trailing
      // whitespace moved in front), so that the token byte spans and the answer's byte count
      // describe the same bytes.
      ...inputsOfCandidate(c, item.choices[i]),
      tokens: golds.has(i) ? tokenBits(c) : undefined,
      isGreedy: c.is_greedy,
    })),
  };
}
