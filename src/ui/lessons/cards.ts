// One summary card per lesson: the takeaway in a sentence and the lesson's key table, written from
// the live facts of one of its steps (so a card can never disagree with the lesson).
import { pct } from '../common/format';
import type { RuleName } from '../../core/scoring/types';
import { simulateJudge } from '../../core/judge/simulate';
import { FIXED_OPENER, OPENER_RUN } from './content';
import type { Facts } from './types';

import type { CardTable } from '../common/CardSvg';

export type { CardTable };

export interface LessonCard {
  /** The step whose live facts the table is written from. */
  step: string;
  takeaway: string;
  table(f: Facts): CardTable | null;
}

const bits = (lp: number) => (-lp / Math.LN2).toFixed(1);
const short = (s: string, n = 26) => (s.trim().length > n ? `${s.trim().slice(0, n - 1)}…` : s.trim());

/** The rules by the names the lessons teach them under. */
const RULE_NAME: Partial<Record<RuleName, string>> = { acc: 'acc (raw sum)', per_token: 'per token', acc_norm: 'acc_norm (per char)', acc_bytes: 'acc_bytes (per byte)' };

/** For each rule, the candidate it picks. */
function winnersTable(f: Facts, rules: RuleName[]): CardTable | null {
  if (f.kind !== 'scorer') return null;
  const c = f.result.candidates;
  return { head: ['rule', 'picks'], rows: rules.map((r) => [RULE_NAME[r] ?? r, `“${short(c[f.result.winners[r]].text, 22)}”`]) };
}

export const CARDS: Record<string, LessonCard> = {
  'sum-and-length': {
    step: 'per-char',
    takeaway: 'One item, three winners: the raw sum picks the short answer, per token the finely split one, per character and per byte the long one that fits.',
    table: (f) => winnersTable(f, ['acc', 'per_token', 'acc_norm', 'acc_bytes']),
  },
  'letter-keys': {
    step: 'thirty-questions',
    takeaway: 'Where every answer has the same length, as with letter keys, acc_norm is acc: normalisation is a decision only where lengths differ.',
    table: (f) =>
      f.kind === 'task'
        ? { head: ['30 questions', 'acc', 'acc_norm', 'chance'], rows: f.runs.map((r) => [r.label, pct(r.accuracies?.acc), pct(r.accuracies?.acc_norm), pct(r.chance)]) }
        : null,
  },
  pmi: {
    step: 'prior',
    takeaway: 'PMI rewards the answer the context helped most, not the cheapest one; and what “no context” means can change its winner.',
    table: (f) =>
      f.kind === 'scorer'
        ? { head: ['answer, in bits', 'with context', 'no context', 'PMI'], rows: f.result.candidates.map((c) => [`“${short(c.text, 22)}”`, bits(c.sum_logprob), bits(c.unconditional_logprob), (c.pmi / Math.LN2).toFixed(1).replace(/^-/, '−')]) }
        : null,
  },
  'fixed-cost': {
    step: 'fit',
    takeaway: 'A fixed cost per answer lands on α, weighs most on short answers and makes BPB depend on length; PriorBPB(μ) states the lengths it assumes.',
    table: (f) => (f.kind === 'task' ? { head: ['50 answers', 'α (bits)', 'β (bits/byte)', 'corpus BPB'], rows: f.runs.map((r) => [r.label === OPENER_RUN ? `with “${FIXED_OPENER.trim()}”` : r.label, r.alpha.toFixed(1), r.beta.toFixed(3), r.corpus.toFixed(3)]) } : null),
  },
  'judge-bias': {
    step: 'verbosity',
    takeaway: 'Swapping the order cancels a position bias, not a length bias; length control removes length effects, the real ones included, and then lands low.',
    table: (f) =>
      f.kind === 'judge'
        ? (() => {
            // The lesson's last step: no verbosity bias, but longer answers really better (λ = 0, ρ = 0.6).
            const real = simulateJudge({ ...f.params, lambda: 0, rho: 0.6 });
            return {
              head: ['estimate', 'A’s win rate'],
              rows: [
                ['truth (no bias)', pct(f.sim.target)],
                ['A always first', pct(f.sim.fixedOrder)],
                ['swap-averaged', pct(f.sim.swap)],
                ['length-controlled', pct(f.sim.lc)],
                ['LC at ρ = 0.6', `${pct(real.lc)} (truth ${pct(real.target)})`],
              ],
            };
          })()
        : null,
  },
  'lc-trust': {
    step: 'honest',
    takeaway: 'A length-controlled win rate is only as good as the overlap of lengths behind it: without overlap the fit lands anywhere (70.4% for a 3.7% model), so report a range, not a point.',
    table: (f) =>
      f.kind === 'audit'
        ? { head: ['model', 'answer longer', 'raw', 'LC: fit / AlpacaEval'], rows: f.audits.map((a) => [a.model.replace(/-Instruct$/, ''), pct(a.aLonger), pct(a.raw), `${pct(a.lc)} / ${pct(a.published.lc)}`]) }
        : null,
  },
  leftovers: {
    step: 'sharpen',
    takeaway: 'A temperature moves accuracy with no change in what the model ranks first; stack no second correction on PMI; a claim to predict accuracy needs many checkpoints.',
    table: (f) => (f.kind === 'sharpen' ? { head: [`${f.items} stories, 4 choices`, 'acc', 'acc_norm'], rows: f.rows.map((r) => [r.label, pct(r.acc), pct(r.accNorm)]) } : null),
  },
};
