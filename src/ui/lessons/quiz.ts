// The final quiz: fresh items, none of them in the lessons, each asking for a consequence of what
// a lesson taught (transfer, not recall). Scored live like the lessons' steps, its answers checked
// on stories260K by the same claims test.
import type { RuleName } from '../../core/scoring/types';
import { JUDGE_SEED } from './content';
import type { Facts, Lesson } from './types';

export const QUIZ_ID = 'final-quiz';

const winner = (f: Facts, r: RuleName) => (f.kind === 'scorer' ? f.result.winners[r] : -1);

export const QUIZ: Lesson = {
  id: QUIZ_ID,
  title: 'Final quiz: seven fresh items',
  summary: 'Seven items none of the lessons used, one for each lesson. Each asks what a rule or a fix will do; the live model or simulation answers.',
  largerTitle: 'What the quiz tested',
  larger:
    'Each item took one lesson to a new case, in the lessons’ order: the length charge of the raw sum, short labels that are not one character, what PMI actually rewards, a fixed cost on one item, a judge whose model writes short answers, length control without overlap, and a checkpoint whose accuracy rose. A missed item links back to the step it comes from.',
  steps: [
    {
      id: 'pasta',
      title: 'Supper',
      from: { lesson: 'sum-and-length', step: 'sum' },
      body: ['A short answer and a long, fitting one.'],
      widget: { kind: 'scorer', context: 'Sam was hungry after school. His dad made him a', candidates: [' pie.', ' big plate of warm pasta with cheese on top.'], focus: ['acc', 'acc_norm'], winners: { acc: 0, acc_norm: 1 } },
      question: {
        prompt: 'Will the raw sum (acc) and per character (acc_norm) pick the same answer?',
        options: ['Yes', 'No'],
        claim: 1,
        answer: (f) => (f.kind === 'scorer' ? (f.result.winners.acc === f.result.winners.acc_norm ? 0 : 1) : -1),
        decidedBy: ['the raw sum never asks which answer fits better'],
        wrongBecause: { 0: 'The raw sum never asks which answer fits better: every extra token lowers it, and the pasta answer has about five times the tokens of “ pie.”. Per character spreads that cost over its 43 characters.' },
      },
      claims: [{ text: 'The pasta answer has more than five times the tokens of “ pie.” and 43 characters (the leading space not counted).', holds: (f) => f.kind === 'scorer' && f.result.candidates[1].n_tokens > 5 * f.result.candidates[0].n_tokens && f.result.candidates[1].n_chars === 43 }],
    },
    {
      id: 'yes-no',
      title: 'Yes or no',
      from: { lesson: 'letter-keys', step: 'one-letter' },
      body: ['A benchmark whose answers are the words “yes” and “no”: short labels, like letter keys, but not one character each.'],
      widget: { kind: 'scorer', context: 'Question: Is the sun hot?\nAnswer:', candidates: [' yes', ' no'], focus: ['acc', 'acc_norm'], winners: {} },
      question: {
        prompt: 'Is per character (acc_norm) bound to pick the same answer as the raw sum (acc) on such a benchmark?',
        options: ['Yes', 'No'],
        claim: 1,
        answer: (f) => (f.kind === 'scorer' ? (f.result.candidates.every((c) => c.n_chars === f.result.candidates[0].n_chars) ? 0 : 1) : -1),
        decidedBy: ['divides one sum by 3 and the other by 2'],
        wrongBecause: { 0: 'Letter keys made acc_norm a no-op because every key is one character. “yes” is 3 characters and “no” 2, so acc_norm divides one sum by 3 and the other by 2, and that can reorder two close sums.' },
      },
      claims: [{ text: '“ yes” counts as 3 characters and “ no” as 2 (the leading space not counted).', holds: (f) => f.kind === 'scorer' && f.result.candidates[0].n_chars === 3 && f.result.candidates[1].n_chars === 2 }],
      after: ['Normalisation is a decision wherever lengths differ, even by one character: report which rule you used on a yes/no benchmark too.'],
    },
    {
      id: 'tim',
      title: 'PMI and a new opening',
      from: { lesson: 'pmi', step: 'prior' },
      body: ['The PMI lesson’s long story won because the context raised its probability the most. Here is a new opening; the answers are a name, the same name followed by a sentence, and a thing.'],
      widget: { kind: 'scorer', context: 'One day, a little boy named', candidates: [' Tim.', ' Tim. He liked to run and jump in the sun.', ' a red car.'], focus: ['acc', 'pmi'], winners: { pmi: 0 } },
      question: {
        prompt: 'Under PMI, which answer wins?',
        options: 'candidates',
        claim: 0,
        answer: (f) => winner(f, 'pmi'),
        decidedBy: ['lowers the name’s cost by more bits'],
        wrongBecause: {
          1: 'PMI does not reward length; it rewards the answer whose probability the context raised most. Here the context lowers the name’s cost by more bits than it lowers the whole sentence’s.',
          2: '“ a red car.” does not follow “named”: the context makes it only a little cheaper than it is with no context, so its PMI is the smallest.',
        },
      },
      claims: [
        {
          text: 'The context lowers “ Tim.” by more bits than the whole sentence, and “ a red car.” least of the three.',
          holds: (f) => f.kind === 'scorer' && f.result.candidates[0].pmi > f.result.candidates[1].pmi && f.result.candidates[1].pmi > f.result.candidates[2].pmi,
        },
      ],
    },
    {
      id: 'opener',
      title: 'An opener on one item',
      from: { lesson: 'fixed-cost', step: 'short-pay-most' },
      body: ['One short answer and one long answer, each scored as written and with “ Mom said:” in front (the opener’s bytes counted, as in the fixed-cost lesson).'],
      widget: { kind: 'scorer', context: 'Lily went to the park. She saw a big', candidates: [' dog.', ' Mom said: dog.', ' dog that ran after a red ball in the sun.', ' Mom said: dog that ran after a red ball in the sun.'], focus: ['acc', 'acc_bytes'], winners: {} },
      question: {
        prompt: 'Whose bits per byte rises more with the opener?',
        options: ['The short answer’s', 'About the same (within a factor of 1.5)', 'The long answer’s'],
        claim: 0,
        answer: (f) => {
          if (f.kind !== 'scorer') return -1;
          const bpb = (i: number) => -f.result.candidates[i].sum_logprob / Math.LN2 / f.result.candidates[i].n_bytes;
          const r = (bpb(1) - bpb(0)) / (bpb(3) - bpb(2));
          return r > 1.5 ? 0 : r >= 1 / 1.5 ? 1 : 2;
        },
        decidedBy: ['divided by 14 bytes instead of 51'],
        wrongBecause: {
          1: 'The opener costs both answers about the same bits, but they are divided by 14 bytes instead of 51: the short answer carries the fixed cost several times as thickly.',
          2: 'A fixed cost weighs most where there are fewest bytes to spread it over. The opener’s bits are divided by 14 bytes instead of 51, so the short answer’s bits per byte rises most.',
        },
      },
      claims: [
        { text: 'With the opener the answers are 14 and 51 bytes long.', holds: (f) => f.kind === 'scorer' && f.result.candidates[1].n_bytes === 14 && f.result.candidates[3].n_bytes === 51 },
        {
          text: 'The short answer’s bits per byte rises more than twice as much as the long answer’s.',
          holds: (f) => {
            if (f.kind !== 'scorer') return false;
            const bpb = (i: number) => -f.result.candidates[i].sum_logprob / Math.LN2 / f.result.candidates[i].n_bytes;
            return bpb(1) - bpb(0) > 2 * (bpb(3) - bpb(2));
          },
        },
      ],
      after: ['A benchmark of short answers inherits a fixed cost almost whole; compare its BPB with a long-answer task’s only at a stated length (PriorBPB’s μ).'],
    },
    {
      id: 'short-judge',
      title: 'A judge, and a model that writes short answers',
      from: { lesson: 'judge-bias', step: 'verbosity' },
      body: [
        'The Judge lab’s simulation again, with one change: the evaluated model A now writes *shorter* answers than the baseline (a typical length ratio of e^−0.47 ≈ 0.63 instead of 1.6). The judge still favours the first slot and the longer answer (b = 0.5, λ = 0.8).',
      ],
      widget: { kind: 'judge', params: { m: -0.47, seed: JUDGE_SEED } },
      question: {
        prompt: 'Where does the swap-averaged win rate land against the bias-free truth?',
        options: ['Too high, as in the judge lesson', 'Within 3 points of it', 'Too low'],
        claim: 2,
        answer: (f) => {
          if (f.kind !== 'judge') return -1;
          const d = f.sim.swap - f.sim.target;
          return d > 0.03 ? 0 : d < -0.03 ? 2 : 1;
        },
        decidedBy: ['a length bias has a sign'],
        wrongBecause: {
          0: 'In the lesson A was the longer answer, so the length bonus pushed it up. Here A is the shorter one in most prompts, and the same bonus goes to the baseline: swapping cancels the first-slot bonus, not this.',
          1: 'Swapping cancels the first-slot bonus only. The verbosity bias is still in both orders, and it now works against A, the shorter answer.',
        },
      },
      claims: [{ text: 'A is the shorter answer in most prompts (the log length ratio has mean −0.47 and spread 0.5).', holds: (f) => f.kind === 'judge' && f.params.m < 0 && f.params.m / f.params.s < -0.5 }],
      after: [(f) => (f.kind === 'judge' ? `Swap-averaged ${(100 * f.sim.swap).toFixed(1)}% against a truth of ${(100 * f.sim.target).toFixed(1)}%; length control gives ${(100 * f.sim.lc).toFixed(1)}%.` : ''), 'A length bias has a sign: it follows whichever side is longer.'],
    },
    {
      id: 'no-overlap',
      title: 'Length control without overlap',
      from: { lesson: 'lc-trust', step: 'fit' },
      body: ['The Judge lab’s simulation once more, now with A’s answers always about five times as long as B’s: the log length ratio is 1.6 with a spread of only 0.3, so no prompt comes near equal length. The judge favours the first slot and the longer answer as before (b = 0.5, λ = 0.8).'],
      widget: { kind: 'judge', params: { m: 1.6, s: 0.3, seed: JUDGE_SEED } },
      question: {
        prompt: 'How far from the bias-free truth does the length-controlled estimate land?',
        options: ['Within 3 points', '3 to 20 points off', 'More than 20 points off'],
        claim: 2,
        answer: (f) => {
          if (f.kind !== 'judge') return -1;
          const off = Math.abs(f.sim.lc - f.sim.target);
          return off <= 0.03 ? 0 : off <= 0.2 ? 1 : 2;
        },
        decidedBy: ['nothing to learn the length effect from'],
        wrongBecause: {
          0: 'Length control reads the fit at equal length, and here no prompt is near it: the length feature barely varies, so the fit has nothing to learn the length effect from and its estimate at ratio 1 is not anchored to anything.',
          1: 'With no overlap the error is not a matter of degree: the fit has nothing to learn the length effect from, and the figure says so (γ is not identified).',
        },
      },
      claims: [{ text: 'The length feature barely varies: the fit reports γ as not identified.', holds: (f) => f.kind === 'judge' && !f.sim.gammaIdentified }],
      after: [(f) => (f.kind === 'judge' ? `Truth ${(100 * f.sim.target).toFixed(1)}%, swap-averaged ${(100 * f.sim.swap).toFixed(1)}%, length-controlled ${(100 * f.sim.lc).toFixed(1)}%.` : ''), 'Without overlap, report a range or say that LC is unsupported, as the lesson’s audit does.'],
    },
    {
      id: 'checkpoint',
      title: 'A checkpoint that scores higher',
      from: { lesson: 'leftovers', step: 'rule-of-thumb' },
      body: ['A fine-tuned checkpoint scores 8 points more acc and 1 point more acc_norm than its base model on the same 4-choice task. The sharpening lesson’s table appears once you commit.'],
      widget: { kind: 'sharpen', show: ['acc', 'acc_norm'] },
      question: {
        prompt: 'Before calling this a gain in capability, what is the most telling check?',
        options: ['None needed, since both rose', 'Rescore the base at a lower temperature and see whether it moves the same way', 'Recompute acc_norm per byte'],
        claim: 1,
        answer: (f) => {
          const r = f.kind === 'sharpen' ? [0.5, 1].map((T) => f.rows.find((x) => x.T === T)) : [];
          // The sharpened base reproduces this pattern (acc up far more than acc_norm): the check can tell.
          return r.length === 2 && r[0] && r[1] && r[0].acc - r[1].acc > 0.05 && Math.abs(r[0].accNorm - r[1].accNorm) < (r[0].acc - r[1].acc) / 2 ? 1 : -1;
        },
        decidedBy: ['a temperature alone gave the same pattern'],
        wrongBecause: {
          0: 'Both rose in the lesson too, with nothing learned: a temperature alone gave the same pattern, acc up far more than acc_norm. Same direction does not rule out sharpness.',
          2: 'On an English task characters and bytes are nearly the same count, so per byte would move as acc_norm does. What can tell sharpness from capability is a temperature: a temperature alone gave the same pattern in the lesson.',
        },
      },
      claims: [{ text: 'In the table, T = 0.5 lifts acc by more than 5 points and acc_norm by less than half as much.', holds: (f) => { if (f.kind !== 'sharpen') return false; const [a, b] = [0.5, 1].map((T) => f.rows.find((x) => x.T === T)); return !!a && !!b && a.acc - b.acc > 0.05 && Math.abs(a.accNorm - b.accNorm) < (a.acc - b.acc) / 2; } }],
      after: ['If a lower temperature on the base reproduces the change, it is sharpness, not capability; if it does not, the gain has earned a closer look.'],
    },
  ],
};
