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
  title: 'Final quiz: five fresh items',
  summary: 'Five items none of the lessons used. Each asks what a rule or a fix will do; the live model or simulation answers.',
  largerTitle: 'What the quiz tested',
  larger:
    'Each item took one lesson to a new case: the length charge of the raw sum, letter keys, the end of a word, a judge whose model writes short answers, and what PMI actually rewards. If one surprised you, its lesson is one click away in the list of lessons.',
  steps: [
    {
      id: 'pasta',
      title: 'Supper',
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
      id: 'fish-letters',
      title: 'Fish, by letter',
      body: ['A new letter-key question with three options.'],
      widget: { kind: 'scorer', context: 'Question: Where does a fish live?\nA. in a tree\nB. in the sea\nC. on the moon\nAnswer:', candidates: [' A', ' B', ' C'], focus: ['acc', 'acc_norm'], winners: { acc: 2, acc_norm: 2 } },
      question: {
        prompt: 'Before any scoring: can acc_norm pick a different letter from acc here?',
        options: ['Yes', 'No'],
        claim: 1,
        answer: (f) => (f.kind === 'scorer' ? (f.result.winners.acc === f.result.winners.acc_norm ? 1 : 0) : -1),
        decidedBy: ['acc_norm divides every sum by 1'],
        wrongBecause: { 0: 'Tokens matter to per token, not to acc_norm: every letter counts as one character (the leading space is the delimiter), so acc_norm divides every sum by 1 and keeps acc’s order.' },
      },
    },
    {
      id: 'castle',
      title: 'A sand cast?',
      body: ['One answer is the start of the other.'],
      widget: { kind: 'scorer', context: 'Ben and Mia went to the beach. They built a big sand', candidates: [' castle', ' cast'], focus: ['acc', 'acc_word'], winners: { acc: 1, acc_word: 0 } },
      question: {
        prompt: 'Counting the end of the word (acc_word), which answer wins?',
        options: 'candidates',
        claim: 0,
        answer: (f) => winner(f, 'acc_word'),
        decidedBy: ['the model expects the word to go on'],
        wrongBecause: { 1: '“ cast” wins the raw sum, which counts every way of going on after it, “ castle” included. acc_word adds the cost of the word ending there, and after “sand cast” the model expects the word to go on.' },
      },
      claims: [{ text: 'Ending the word costs “ cast” more bits than it costs “ castle”.', holds: (f) => f.kind === 'scorer' && f.result.candidates[1].word_final_logprob < f.result.candidates[0].word_final_logprob }],
    },
    {
      id: 'short-judge',
      title: 'A judge, and a model that writes short answers',
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
      id: 'tim',
      title: 'PMI and a new opening',
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
  ],
};
