// The lesson “When length control cannot be trusted” (lc-trust): its steps, each with its question's explanations beside it.
import { fittedWinRate } from '../../../core/judge/lengthCurve';
import { pct } from '../../common/format';
import type { Lesson } from '../types';
import { ask, audit, explained, NEAR_EQUAL, nearEqualShare } from './shared';

export const lcTrust: Lesson = {
  id: 'lc-trust',
  title: 'When length control cannot be trusted',
  summary: 'A length-controlled win rate is read off at “equal length”. With real AlpacaEval 2 data: how many prompts lie near that point, and what the fit says there.',
  largerTitle: 'How AlpacaEval itself copes',
  larger:
    'This lesson uses no language model: the data are AlpacaEval 2 verdicts of the GPT-4 Turbo judge on 805 prompts. AlpacaEval’s own LC adds a per-instruction difficulty term and regularisation fitted on deliberately gamed baselines, precisely so that its estimate stays sane where the data cannot support one.',
  steps: [
    {
      id: 'gamed',
      title: 'A terse model',
      body: [
        'AlpacaEval 2 asks a judge (GPT-4 Turbo) to compare two answers to each of 805 instructions: answer A from the model being evaluated, answer B from a fixed baseline (GPT-4 Turbo itself). A’s win rate is the share of prompts the judge gives to A.',
        '“gpt4_gamed” is one of AlpacaEval’s adversarial baselines: GPT-4 told to answer as briefly as possible. Its raw win rate is 3.7%.',
        'Length control will ask what it would win at equal length. First look at how often the lengths are anywhere near equal.',
      ],
      widget: { kind: 'audit', model: 'gpt4_gamed', view: 'overlap' },
      question: explained(
        ask('In what share of the 805 prompts is gpt4_gamed’s answer the longer one?', ['About half', 'About a quarter', 'Under 5%'], 2, (f) => {
          const a = audit(f, 'gpt4_gamed');
          return !a ? -1 : a.aLonger < 0.05 ? 2 : a.aLonger < 0.35 ? 1 : 0;
        }),
        {
          0: 'gpt4_gamed was told to answer as briefly as possible, about 68 characters against the baseline’s 2,000: its answer is almost never the longer one.',
          1: 'gpt4_gamed was told to answer as briefly as possible, about 68 characters against the baseline’s 2,000: its answer is almost never the longer one.',
        },
        ['about 68 characters', 'almost no prompt'],
      ),
      after: ['Almost never: its answers average about 68 characters, the baseline’s about 2,000, and half of its answers are under 0.5% of the baseline’s length. Almost no prompt has lengths anywhere near equal.'],
      claims: [
        { text: 'Its raw win rate is 3.7%.', holds: (f) => !!audit(f, 'gpt4_gamed') && pct(audit(f, 'gpt4_gamed')!.raw) === '3.7%' },
        { text: 'AlpacaEval gives its answers an average length of 68 characters.', holds: (f) => audit(f, 'gpt4_gamed')?.published.avgLength === 68 },
        { text: 'Half of its answers are under 0.5% of the baseline’s length (median length ratio under 0.005).', holds: (f) => (audit(f, 'gpt4_gamed')?.medianRatio ?? 1) < 0.005 },
      ],
    },
    {
      id: 'fit',
      title: 'The fit extrapolates',
      body: [
        'Fit the length-controlled model (position and tanh of the standardised log length ratio, as in the Judge lab) to these verdicts and read off the win rate at a length ratio of 1: a point where the data has almost no prompts.',
      ],
      widget: { kind: 'audit', model: 'gpt4_gamed', view: 'fit' },
      question: explained(
        ask('Where does the unregularised length-controlled estimate land, compared with the raw 3.7%?', ['Within 5 points of it', '5 to 50 points above it', 'More than 50 points above it'], 2, (f) => {
          const a = audit(f, 'gpt4_gamed');
          if (!a) return -1;
          const up = a.lc - a.raw;
          return up < 0.05 ? 0 : up <= 0.5 ? 1 : 2;
        }),
        {
          0: 'An estimate at equal length is not anchored to the raw rate. The fit learns a steep length effect from the few prompts where the lengths are closest and projects it all the way to a ratio of 1, far outside the data.',
          1: 'An estimate at equal length is not anchored to the raw rate. The fit learns a steep length effect from the few prompts where the lengths are closest and projects it all the way to a ratio of 1, far outside the data, and nothing stops it short.',
        },
        ['all the way to a ratio of 1'],
      ),
      after: [
        (f) => {
          const a = audit(f, 'gpt4_gamed');
          if (!a) return '';
          return `${pct(a.lc)}, with a bootstrap interval only ${(100 * (a.lcHi - a.lcLo)).toFixed(1)} points wide (${pct(a.lcLo)} to ${pct(a.lcHi)}: the middle 95% of the estimates over resamples of the ${a.prompts} prompts, drawn with replacement), where AlpacaEval’s regularised LC says ${pct(a.published.lc)}. A tight interval only measures resampling noise; it cannot see that the whole estimate rests on a handful of prompts.`;
        },
        (f) => {
          const a = audit(f, 'gpt4_gamed');
          const c = a?.lengthCurve;
          if (!a || !c) return '';
          const near = nearEqualShare(c.bins);
          const median = Math.log(a.medianRatio);
          return `The figure shows where that number comes from: at the median prompt (A’s answer ${(100 * a.medianRatio).toFixed(1)}% of B’s length, ln ratio ${median.toFixed(1).replace('-', '−')}) the fit gives A ${pct(fittedWinRate(c.fit, median))}, and the line has to climb to ${pct(fittedWinRate(c.fit, 0))} at ratio 1, where only ${pct(near)} of the prompts lie within a factor of ${Math.exp(NEAR_EQUAL).toFixed(2)} of equal length.`;
        },
      ],
      claims: [
        {
          text: 'The fitted curve read at ratio 1 is the LC estimate (to 1e-9).',
          holds: (f) => {
            const a = audit(f, 'gpt4_gamed');
            return !!a && (a.lengthCurve ? Math.abs(fittedWinRate(a.lengthCurve.fit, 0) - a.lc) < 1e-9 : a.source === 'summary');
          },
        },
        {
          text: 'Fewer than 5% of the prompts lie within a factor of 1.65 of equal length (|ln ratio| < 0.5).',
          holds: (f) => {
            const c = audit(f, 'gpt4_gamed')?.lengthCurve;
            return c ? nearEqualShare(c.bins) < 0.05 : audit(f, 'gpt4_gamed')?.source === 'summary';
          },
        },
        { text: 'The unregularised estimate is more than 30 points above AlpacaEval’s published LC (12.2%).', holds: (f) => !!audit(f, 'gpt4_gamed') && audit(f, 'gpt4_gamed')!.lc - audit(f, 'gpt4_gamed')!.published.lc > 0.3 },
        { text: 'Its bootstrap interval is narrower than 20 points.', holds: (f) => !!audit(f, 'gpt4_gamed') && audit(f, 'gpt4_gamed')!.lcHi - audit(f, 'gpt4_gamed')!.lcLo < 0.2 },
      ],
    },
    {
      id: 'contrast',
      title: 'A second model, the same fit',
      revealTitle: 'With overlap, the fit is fine',
      body: ['FuseChat-Gemma-2-9B-Instruct writes answers about as long as the baseline’s: its answer is the longer one in about half of the prompts.'],
      widget: { kind: 'audit', model: 'FuseChat-Gemma-2-9B-Instruct', view: 'contrast' },
      question: explained(
        ask('How far from AlpacaEval’s published LC (70.2%) does the same unregularised fit land?', ['Within 3 points', '3 to 15 points', 'More than 15 points'], 0, (f) => {
          const a = audit(f, 'FuseChat-Gemma-2-9B-Instruct');
          if (!a) return -1;
          const off = Math.abs(a.lc - a.published.lc);
          return off < 0.03 ? 0 : off <= 0.15 ? 1 : 2;
        }),
        {
          2: 'The last step’s fit was far off because it extrapolated to a length ratio no prompt had. Here lengths lie on both sides of equal, so the fit reads its estimate inside the data.',
          1: 'With lengths on both sides of equal, the fit interpolates: the equal-length point sits inside the data, so an unregularised fit and AlpacaEval’s regularised one have little room to differ.',
        },
        ['with overlap, the fit is fine', 'interpolates instead of extrapolating'],
      ),
      after: [
        'With overlap, the fit is fine: the same fit now interpolates instead of extrapolating, and equal length is a point inside its data.',
        (f) => {
          const a = audit(f, 'FuseChat-Gemma-2-9B-Instruct');
          return a ? `The table also splits the verdicts by order: this judge gives FuseChat-Gemma-2-9B-Instruct ${pct(a.winFirst, 0)} where its answer is shown first and ${pct(a.winSecond, 0)} where it is shown second. The real judge favours the second slot, the opposite of the simulated judge of the last lesson; AlpacaEval randomises the order so that the raw rate averages over both.` : '';
        },
      ],
      claims: [
        { text: 'Its answer is the longer one in more than 30% of prompts.', holds: (f) => (audit(f, 'FuseChat-Gemma-2-9B-Instruct')?.aLonger ?? 0) > 0.3 },
        {
          text: 'The judge gives FuseChat-Gemma-2-9B-Instruct 60% shown first and 81% shown second (to the nearest point).',
          holds: (f) => {
            const a = audit(f, 'FuseChat-Gemma-2-9B-Instruct');
            return !!a && Math.round(100 * a.winFirst) === 60 && Math.round(100 * a.winSecond) === 81;
          },
        },
      ],
    },
    {
      id: 'honest',
      title: 'What an honest audit says',
      body: [
        'Before trusting a length-controlled number, look at the overlap of lengths: the share of prompts where each side is longer, and the spread of the length ratio. Where one side is almost always longer, say so, and report a range or a stated prior instead of a bare point.',
        'That is what the Judge lab’s audit does: it calls an LC without enough prompts on each side unsupported, with the reason, and shows the range LC takes over plausible sizes of the length effect instead of one number.',
        'Audit your own judge’s verdicts there; it reads AlpacaEval annotation files directly.',
      ],
      widget: { kind: 'audit', model: 'gpt4_gamed', view: 'honest' },
      claims: [
        { text: 'gpt4_gamed’s answer is longer in under 5% of prompts; FuseChat-Gemma-2-9B’s in over 30%.', holds: (f) => (audit(f, 'gpt4_gamed')?.aLonger ?? 1) < 0.05 && (audit(f, 'FuseChat-Gemma-2-9B-Instruct')?.aLonger ?? 0) > 0.3 },
        { text: 'The audit calls gpt4_gamed’s LC unsupported and FuseChat-Gemma-2-9B’s supported.', holds: (f) => audit(f, 'gpt4_gamed')?.support.supported === false && audit(f, 'FuseChat-Gemma-2-9B-Instruct')?.support.supported === true },
        {
          text: 'gpt4_gamed’s plausible LC range holds AlpacaEval’s published 12.2%.',
          holds: (f) => {
            const a = audit(f, 'gpt4_gamed');
            return !!a?.support.range && a.support.range.low <= a.published.lc && a.published.lc <= a.support.range.high;
          },
        },
      ],
    },
  ],
};
