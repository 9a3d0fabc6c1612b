// The lesson “The fixed cost of an answer: BPB, its fit, and PriorBPB” (fixed-cost): its steps, each with its question's explanations beside it.
import { priorWeightedRate } from '../../../core/bpb/perByteCost';
import { DEFAULT_MU } from '../../../core/scoring/types';
import { pct } from '../../common/format';
import type { Lesson } from '../types';
import { ask, explained, mixes, opener, plain, riseRatio, runs } from './shared';

export const fixedCost: Lesson = {
  id: 'fixed-cost',
  title: 'The fixed cost of an answer: BPB, its fit, and PriorBPB',
  summary: 'Bits per byte looks length-free. What happens to it when every answer pays the same fixed cost once (a prefix, a format, a chat template)?',
  larger:
    'A chat model scored inside its chat template can pay such a fixed cost on every answer: the template’s tokens sit in the context and are not scored, but the answer’s first tokens carry the switch into answer mode, and two checkpoints can differ mostly in that cost. Compare them in the Task lab: a growing α with a flat β is a fixed-cost effect, not a change in capability.',
  steps: [
    {
      id: 'fit',
      title: 'Bits grow with bytes: L ≈ α + β·n',
      body: [
        'An answer’s cost in bits is L = −log₂ p summed over its tokens (the surprise of each token, in bits); bits per byte, BPB, is L divided by the answer’s length in UTF-8 bytes. Take the 200-item stories cloze sample of the Task lab (every fourth item here, 50 answers of 2 to 150 bytes) and plot each answer’s L against its length in bytes n. A straight line fits: β is the cost of one more byte, α the cost every answer pays once.',
        'Now put the same opener, “ Mom said:”, in front of every answer and score again. n counts every byte that is scored, the opener’s 10 included, so the shortest answer is now 12 bytes long.',
      ],
      widget: { kind: 'task', view: 'scatter' },
      question: explained(
        ask('With the opener, what happens to β, the cost of one more byte?', ['It rises a lot', 'It stays about the same', 'It falls a lot'], 1, (f) => {
          const a = plain(f);
          const b = opener(f);
          if (!a || !b) return -1;
          const change = (b.beta - a.beta) / a.beta;
          return Math.abs(change) < 0.1 ? 1 : change > 0 ? 0 : 2;
        }),
        {
          0: 'The opener adds bits, but the same bits to every answer whatever its length. A cost that does not grow with n goes into the intercept α, not the slope β.',
          2: 'The opener adds bits, but the same bits to every answer whatever its length. A cost that does not grow with n goes into the intercept α, not the slope β.',
        },
        ['β barely moves', 'change lands on α'],
      ),
      after: [
        'β barely moves; almost all of the change lands on α.',
        (f) => {
          const a = plain(f);
          const b = opener(f);
          if (!a || !b) return '';
          return `β goes from ${a.beta.toFixed(3)} to ${b.beta.toFixed(3)} bits per byte, α from ${a.alpha.toFixed(1)} to ${b.alpha.toFixed(1)} bits. The opener is a fixed cost: about the same bits in front of a short answer as in front of a long one. Not exactly all of it goes to α, because the opener’s own 10 bytes are counted in n (each paying β), and because the model reads each answer after the opener, which changes the answer’s own bits a little.`;
        },
      ],
      claims: [
        { text: 'α rises by more than 20 bits with the opener.', holds: (f) => !!plain(f) && !!opener(f) && opener(f)!.alpha - plain(f)!.alpha > 20 },
        { text: 'β changes by less than 10%.', holds: (f) => !!plain(f) && !!opener(f) && Math.abs(opener(f)!.beta - plain(f)!.beta) < 0.1 * plain(f)!.beta },
        { text: 'With the opener every answer is at least 12 bytes (the opener’s 10 included).', holds: (f) => !!opener(f) && opener(f)!.points.every((p) => p[0] >= 12) && !!plain(f) && plain(f)!.points.some((p) => p[0] === 2) },
      ],
    },
    {
      id: 'short-pay-most',
      title: 'Bits per byte, by answer length',
      revealTitle: 'Short answers pay most',
      body: [
        'Bits per byte (BPB) divides an answer’s cost in bits by its length in bytes. Sort the 50 answers by length into fifths and compare each fifth’s BPB with and without the opener.',
      ],
      widget: { kind: 'task', view: 'quintiles' },
      question: explained(
        ask('With the opener, how does the rise in bits per byte of the shortest fifth compare with the rise of the longest fifth?', ['A smaller rise', 'About the same (within a factor of 1.5)', 'Two to four times as large', 'More than four times as large'], 3, (f) => {
          const r = riseRatio(f);
          return r === null ? -1 : r < 1 / 1.5 ? 0 : r <= 1.5 ? 1 : r <= 4 ? 2 : 3;
        }),
        {
          0: 'The longest answers pay the same opener, but divide it by many more bytes; the shortest divide it by few, so their bits per byte rise the most.',
          1: 'The opener costs every answer about the same bits, but bits per byte divides them by the answer’s length: the shortest fifth is about 25 bytes with the opener, the longest about 145, so the same cost weighs several times as much on the short ones.',
          2: 'The ratio follows the lengths: the fixed cost is divided by about 25 bytes in the shortest fifth and about 145 in the longest, a factor of more than five, and the rise follows it.',
        },
        ['short answers pay most', 'thick over a short one'],
      ),
      after: [
        'Short answers pay most: a fixed cost is spread thin over a long answer and thick over a short one. A benchmark whose answers are short inherits the fixed cost almost whole; one with long answers barely sees it. BPB is not length-free.',
        (f) => {
          const b = opener(f);
          const q = b?.quintiles;
          if (!b || !q || q.length < 5) return '';
          const share = (n: number) => pct(b.alpha / n / (b.alpha / n + b.beta), 0);
          return `The dashed lines are the fit, α / n + β, at each fifth’s mean length n. With the opener, the fixed cost α / n is ${share(q[0].meanBytes)} of the fitted bits per byte of the shortest fifth (n = ${q[0].meanBytes.toFixed(1)} bytes) and ${share(q[4].meanBytes)} of the longest (n = ${q[4].meanBytes.toFixed(1)} bytes).`;
        },
      ],
      claims: [
        {
          text: 'With the opener the shortest fifth averages about 25 bytes and the longest about 145 (each within 2 bytes).',
          holds: (f) => { const q = opener(f)?.quintiles; return !!q && q.length === 5 && Math.abs(q[0].meanBytes - 25) < 2 && Math.abs(q[4].meanBytes - 145) < 2; },
        },
        {
          text: 'With the opener, α / n + β at each fifth’s mean length is within 0.5 bits per byte of that fifth’s BPB.',
          holds: (f) => !!opener(f) && opener(f)!.quintiles.length === 5 && opener(f)!.quintiles.every((q) => Math.abs(opener(f)!.alpha / q.meanBytes + opener(f)!.beta - q.corpus) < 0.5),
        },
      ],
    },
    {
      id: 'corpus-vs-mean',
      title: 'Corpus BPB and the mean of ratios',
      body: [
        'There are two common ways to report BPB for a task: corpus BPB, ΣL / Σn (all bits over all bytes), and the mean of each answer’s own L / n. With the fit, corpus BPB is exactly α / mean(n) + β.',
        'The mean of ratios gives each answer the same weight, however short.',
      ],
      widget: { kind: 'task', view: 'corpus' },
      question: explained(
        ask('With the opener, which is larger?', ['Corpus BPB', 'The mean of per-answer ratios'], 1, (f) => (opener(f) ? (opener(f)!.corpus >= opener(f)!.meanOfRatios ? 0 : 1) : -1)),
        {
          0: 'Corpus BPB weights each answer by its bytes, so the long answers dominate it. The mean of ratios gives a 12-byte answer the same weight as a 150-byte one, and the short answers carry the opener’s cost most thickly.',
        },
        ['large ratios pull the mean up'],
      ),
      after: ['The short answers’ large ratios pull the mean up. Two papers can report “BPB” for one model and differ by this much.'],
      claims: [
        {
          text: 'Corpus BPB equals α / mean(n) + β (to 1e-9) in both runs.',
          holds: (f) => runs(f).length > 0 && runs(f).every((r) => Math.abs(r.alpha / r.meanBytes + r.beta - r.corpus) < 1e-9),
        },
      ],
    },
    {
      id: 'prior-bpb',
      title: 'PriorBPB(μ): choosing the lengths on purpose',
      body: [
        'PriorBPB does not take the task’s lengths as given. It spreads each token’s bits over its bytes, averages the cost at byte k over the answers that reach k, giving a curve R(k), and weights that curve by a geometric prior on length with mean μ. It comes from eval-framework, Aleph Alpha’s open-source evaluation framework, where PriorBPB is proposed with a default μ of 111 bytes.',
        'A small μ says “short answers matter most”, a large μ “long ones”. Two models or two formats are then compared at the same lengths.',
      ],
      widget: { kind: 'task', view: 'prior' },
      question: explained(
        ask('For the run with the opener, how does PriorBPB with μ = 20 compare with PriorBPB with μ = 111?', ['Lower', 'About the same (within 10%)', '10% to 50% higher', 'More than 50% higher'], 3, (f) => {
          const o = opener(f);
          if (!o) return -1;
          const r = priorWeightedRate(o.R, 20) / priorWeightedRate(o.R, 111);
          return r < 0.9 ? 0 : r <= 1.1 ? 1 : r <= 1.5 ? 2 : 3;
        }),
        {
          0: 'A prior with a mean of 111 bytes spreads its weight over long lengths, where R(k) is low; the opener’s bits sit in the first bytes, which μ = 20 weighs most.',
          2: 'The opener’s bits sit in the first bytes, where R(k) is several times its value further on, and μ = 20 puts most of its weight there: the difference is large, not modest.',
          1: 'A prior with a mean of 111 bytes spreads its weight over long lengths, where R(k) is low; the opener’s bits sit in the first bytes, which μ = 20 weighs most.',
        },
        ['a prior that weighs short answers sees them most'],
      ),
      claims: [
        {
          text: 'With the opener, R(k) over the first 10 bytes averages more than three times R(k) over bytes 51 to 100.',
          holds: (f) => {
            const R = opener(f)?.R ?? [];
            const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
            return R.length >= 100 && mean(R.slice(0, 10)) > 3 * mean(R.slice(50, 100));
          },
        },
      ],
      after: ['The opener’s bits sit in the first bytes of R(k), so a prior that weighs short answers sees them most. PriorBPB makes the length assumption a stated number instead of an accident of the data.'],
    },
    {
      id: 'length-mix',
      title: 'Two length mixes of one task',
      body: [
        'Two variants of the run with the opener, built from the very same 50 scored answers: in the *short-heavy* variant each answer of the shorter half counts four times, in the *long-heavy* variant each answer of the longer half does. Same model, same answers, same scores: only the mix of lengths differs.',
        'Corpus BPB calls the short-heavy variant about a quarter harder. Now compare the two at one μ, the default of 111 bytes.',
      ],
      widget: { kind: 'task', view: 'mix' },
      question: explained(
        ask(`At μ = ${DEFAULT_MU}, how far apart are the two variants under PriorBPB?`, ['More than 15% apart', '5% to 15% apart', 'Within 5% of each other'], 2, (f) => {
          const m = mixes(f);
          if (!m) return -1;
          const r = Math.abs(priorWeightedRate(m.short.R, DEFAULT_MU) / priorWeightedRate(m.long.R, DEFAULT_MU) - 1);
          return r > 0.15 ? 0 : r > 0.05 ? 1 : 2;
        }),
        {
          0: 'Corpus BPB divides all bits by all bytes, so it follows how many short answers a task has. PriorBPB first averages the cost at each byte position over the answers that reach it, then weights the positions by one fixed prior: the share of short answers hardly moves that.',
          1: 'A little is left, because a mix also changes which answers the average at each byte position draws on; but the share of short answers, which drove corpus BPB apart, no longer counts.',
        },
        ['within a few percent of each other', 'was the length mix, not the answers'],
      ),
      after: [
        'PriorBPB at a common μ puts them within a few percent of each other: the gap corpus BPB showed was the length mix, not the answers.',
        (f) => {
          const m = mixes(f);
          if (!m) return '';
          const [ps, pl] = [m.short, m.long].map((r) => priorWeightedRate(r.R, DEFAULT_MU));
          const above = (a: number, b: number) => pct(a / b - 1, 1);
          return `Corpus BPB: ${m.short.corpus.toFixed(3)} for the short-heavy variant against ${m.long.corpus.toFixed(3)}, ${above(m.short.corpus, m.long.corpus)} higher; PriorBPB(μ = ${DEFAULT_MU}): ${ps.toFixed(3)} against ${pl.toFixed(3)}, ${above(ps, pl)} higher. The small gap left comes from which answers the average at each byte draws on; the share of short answers, which drives corpus BPB, no longer counts. A task with short answers and one with long answers can now be compared at the lengths you choose, not the lengths each happened to have.`;
        },
      ],
      claims: [
        { text: 'Both variants count 125 answers, and the short-heavy variant’s mean answer is more than 30 bytes shorter.', holds: (f) => { const m = mixes(f); return !!m && m.short.items === 125 && m.long.items === 125 && m.long.meanBytes - m.short.meanBytes > 30; } },
        { text: 'Corpus BPB of the short-heavy variant is 20% to 30% above the long-heavy one’s.', holds: (f) => { const m = mixes(f); const r = m ? m.short.corpus / m.long.corpus : NaN; return r > 1.2 && r < 1.3; } },
      ],
    },
  ],
};
