// The lesson “An LLM judge’s position and verbosity bias” (judge-bias): its steps, each with its question's explanations beside it.
import { pct } from '../../common/format';
import type { Lesson } from '../types';
import { ask, explained, judge, JUDGE_SEED, paddingEnd, points } from './shared';

export const judgeBias: Lesson = {
  id: 'judge-bias',
  title: 'An LLM judge’s position and verbosity bias',
  summary: 'A judge that prefers the first slot, or the longer answer, shifts a win rate. Which fix removes which bias, and when does a fix overshoot?',
  larger:
    'Real judges show both biases, and not always in the direction simulated here. AlpacaEval 2’s GPT-4 Turbo judge gives FuseChat-Gemma-2-9B-Instruct a 60% win rate on the prompts where its answer is shown first and 81% where it is shown second (the next lesson’s table shows the split): that judge favours the *second* slot, a negative b in this simulation’s terms, the opposite sign of the bonus used here. Averaging both orders (or randomising the order, as AlpacaEval does) cancels a bias of either sign. The simulation uses no language model; a real judge only sets the sizes of b and λ.',
  steps: [
    {
      id: 'position',
      title: 'Position bias, and swapping',
      body: [
        'The Judge lab simulates 2,000 prompts. On each, d is how much better answer A is than B, in log-odds (d is drawn around −0.2, so A is a little worse on average), and a fair judge would pick A with probability σ(d), where σ(z) = 1 / (1 + e^−z) turns log-odds into a probability. The true win rate is the mean of σ(d) over the prompts. This judge adds a bonus b = 0.5 (in log-odds) to whichever answer it sees first, and here ignores length (λ = 0).',
        'Two ways to run it: always show A first, or ask twice per prompt, once in each order, and average the two verdicts.',
      ],
      widget: { kind: 'judge', params: { lambda: 0, seed: JUDGE_SEED } },
      question: explained(
        ask('How far from the true win rate does the average of both orders land?', ['Within a point', '1 to 5 points off', 'More than 5 points off'], 0, (f) => {
          const s = judge(f);
          if (!s) return -1;
          const off = Math.abs(s.swap - s.target);
          return off < 0.01 ? 0 : off <= 0.05 ? 1 : 2;
        }),
        {
          2: 'Each order carries the bonus, in opposite directions: with A first it helps A, with B first it helps B by the same amount in log-odds. Averaging the two orders cancels it, up to the curvature of σ.',
          1: 'The bonus goes to whichever answer is seen first: with A first it helps A, with B first it helps B by the same amount in log-odds. Averaging the two orders cancels it, up to the curvature of σ.',
        },
        ['so the average cancels it'],
      ),
      after: [
        (f) => {
          const s = judge(f);
          return s ? `Always showing A first gives ${pct(s.fixedOrder)} against a true ${pct(s.target)}; the swap-average gives ${pct(s.swap)}.` : '';
        },
        'A first-slot bonus pushes A up in one order and down in the other by nearly the same amount, so the average cancels it.',
      ],
      claims: [{ text: 'Always showing A first inflates its win rate by more than 5 points.', holds: (f) => !!judge(f) && judge(f)!.fixedOrder - judge(f)!.target > 0.05 }],
    },
    {
      id: 'verbosity',
      title: 'A judge that also favours length',
      revealTitle: 'Verbosity bias survives the swap',
      body: [
        'Now the judge also favours the longer answer (λ = 0.8 per unit of log length ratio), and A’s answers are longer on average.',
        'Length control fits a logistic model of the verdicts on position and a length feature, then reports the win rate with the length term set to zero.',
      ],
      widget: { kind: 'judge', params: { seed: JUDGE_SEED } },
      question: explained(
        ask('Which estimate lands closest to the true win rate?', ['Fixed order (A first)', 'Swap-averaged', 'Length-controlled'], 2, (f) => {
          const s = judge(f);
          if (!s) return -1;
          const err = [s.fixedOrder, s.swap, s.lc].map((v) => Math.abs(v - s.target));
          return err.indexOf(Math.min(...err));
        }),
        {
          0: 'Always showing A first carries both biases at once: the first-slot bonus and the length bonus.',
          1: 'Swapping cancels the first-slot bonus, but A is the longer answer in both orders, so the length bonus is in both verdicts and survives the average.',
        },
        ['verbosity bias survives the swap', 'removes position bias but not verbosity bias', 'longer in both orders'],
      ),
      after: [
        'Swapping removes position bias but not verbosity bias: A is longer in both orders, so the length bonus is in both verdicts. Length control sets the length term to zero and removes both.',
        (f) => {
          const s = judge(f);
          return s ? `Swap-averaging leaves A ${points(s.swap - s.target)} too high (${pct(s.swap)} against ${pct(s.target)}); length control lands ${points(Math.abs(s.lc - s.target))} from the truth (${pct(s.lc)}).` : '';
        },
      ],
      claims: [{ text: 'Length control lands within a point of the true win rate; swap-averaging more than 5 points above it.', holds: (f) => !!judge(f) && Math.abs(judge(f)!.lc - judge(f)!.target) < 0.01 && judge(f)!.swap - judge(f)!.target > 0.05 }],
    },
    {
      id: 'real-quality',
      title: 'When longer really is better',
      body: ['Here the judge has no verbosity bias at all (λ = 0), but longer answers are genuinely better: length and quality are correlated (ρ = 0.6).'],
      widget: { kind: 'judge', params: { lambda: 0, rho: 0.6, seed: JUDGE_SEED } },
      question: explained(
        ask('Which is closer to the truth now?', ['Swap-averaged', 'Length-controlled'], 0, (f) => (judge(f) ? (Math.abs(judge(f)!.swap - judge(f)!.target) <= Math.abs(judge(f)!.lc - judge(f)!.target) ? 0 : 1) : -1)),
        {
          1: 'Length control sets the length term to zero. Here length carries real quality, so it removes real quality too, while the swap-average has no position bias left and no verbosity bias to remove.',
        },
        ['assumes length carries no quality', 'says nothing about quality', 'removes real quality'],
      ),
      after: [
        'Length control assumes length carries no quality: it is right only when length says nothing about quality. Here it removes real quality along with the bias.',
        (f) => {
          const s = judge(f);
          return s ? `It lands ${points(s.target - s.lc)} low (${pct(s.lc)} against ${pct(s.target)}). It is a correction with an assumption, not a free lunch.` : '';
        },
      ],
      claims: [{ text: 'Length control lands more than 5 points below the true win rate.', holds: (f) => !!judge(f) && judge(f)!.target - judge(f)!.lc > 0.05 }],
    },
    {
      id: 'padding',
      title: 'A pads its answers',
      body: [
        'Back to the verbose judge of step 2 (λ = 0.8, and length says nothing about quality). There A’s answers were typically e^0.47 ≈ 1.6 times as long as the baseline’s. Now let A pad: the same prompts, the same judge, with A’s typical answer from as long as the baseline’s to e^1.5 ≈ 4.5 times as long.',
        'The second chart counts the prompts whose two answers are still near equal length, the point at which length control reads its estimate off the fit.',
      ],
      widget: { kind: 'padding', params: { seed: JUDGE_SEED } },
      question: explained(
        ask('At 4.5 times the baseline’s length, where does LC land against the bias-free target?', ['Within 2 points of it', 'More than 2 points above it', 'More than 2 points below it'], 2, (f) => {
          const p = paddingEnd(f);
          if (!p) return -1;
          return Math.abs(p.lc - p.target) <= 0.02 ? 0 : p.lc > p.target ? 1 : 2;
        }),
        {
          0: 'At the lesson’s setting many prompts have answers of similar length, and length control reads its estimate off the fit at equal length. Padded 4.5 times, nearly every prompt is far from equal length, and the estimate there rests on the fit’s shape alone.',
          1: 'Padding lifts the swap-average, not LC: LC takes away the length bonus the fit finds. Where the lengths no longer overlap, the fit cannot tell the length term from A’s own quality, and here it takes away more than the bonus.',
        },
        ['LC breaks as the overlap vanishes', 'falls below the target with every'],
      ),
      after: [
        'LC breaks as the overlap vanishes: it tracks the target while many prompts have answers of similar length, then falls below the target with every further step of padding, while the swap-average climbs ever higher above it.',
        (f) => {
          const p = f.kind === 'padding' ? f.points : [];
          const first = p[0];
          const end = paddingEnd(f);
          if (!first || !end) return '';
          return `With no padding ${pct(first.nearEqual)} of the prompts have answers near equal length, and LC is ${pct(first.lc)} against a target of ${pct(first.target)}; at ${Math.exp(end.m).toFixed(1)} times the length only ${pct(end.nearEqual)} do, and LC is ${pct(end.lc)}, ${points(end.target - end.lc)} below the target, while the swap-average is ${pct(end.swap)}. Without prompts near equal length the estimate at equal length rests on the fit’s shape alone: the next lesson looks for that on real data.`;
        },
      ],
      claims: [
        { text: 'Up to about twice the baseline’s length (m ≤ 0.7), LC stays within a point of the target.', holds: (f) => f.kind === 'padding' && f.points.filter((p) => p.m <= 0.7 + 1e-9).every((p) => Math.abs(p.lc - p.target) < 0.01) },
        {
          text: 'At 4.5 times the length LC is more than 10 points below the target, and fewer than 5% of the prompts have answers near equal length (about 69% with no padding).',
          holds: (f) => {
            const end = paddingEnd(f);
            return f.kind === 'padding' && !!end && end.target - end.lc > 0.1 && end.nearEqual < 0.05 && Math.abs(f.points[0].nearEqual - 0.69) < 0.02;
          },
        },
        { text: 'From about twice the length on (m ≥ 0.7), LC falls at every step of padding.', holds: (f) => f.kind === 'padding' && f.points.every((p, i) => i === 0 || p.m < 0.7 + 1e-9 || p.lc < f.points[i - 1].lc) },
        { text: 'The swap-average rises at every step of padding.', holds: (f) => f.kind === 'padding' && f.points.every((p, i) => i === 0 || p.swap > f.points[i - 1].swap) },
      ],
    },
  ],
};
