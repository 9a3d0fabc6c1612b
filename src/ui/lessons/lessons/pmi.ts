// The lesson “PMI: subtracting what the model expects anyway” (pmi): its steps, each with its question's explanations beside it.
import type { Lesson } from '../types';
import { explained, LETTERS, LETTERS_CONTEXT, sameWinnerQuestion, scorer, winnerQuestion } from './shared';

export const pmi: Lesson = {
  id: 'pmi',
  title: 'PMI: subtracting what the model expects anyway',
  summary: 'Pointwise mutual information asks how much the question raised each answer’s probability, and the answer depends on what “no question” means.',
  larger:
    'A larger model has strong priors about common words and names, so PMI’s correction matters more, and the choice of unconditional context (nothing but the start-of-text token, or a neutral “Answer:”) can change results on real benchmarks. lm-eval-harness’s acc_mutual_info uses the empty context.',
  steps: [
    {
      id: 'prior',
      title: 'The unconditional prior',
      body: [
        'PMI scores each answer by its log-prob after the context minus its log-prob with no context at all: log p(answer | context) − log p(answer). lm-eval-harness calls this *acc_mutual_info*; by default “no context” means the start-of-text token alone.',
        'stories260K knows this opening by heart.',
      ],
      widget: {
        kind: 'scorer',
        context: 'Once upon a time, there was a little girl named',
        candidates: [' Lily.', ' Lily. She loved to play outside in the park.', ' Tom.', ' a big red ball.'],
        focus: ['acc', 'pmi'],
        winners: { acc: 0, acc_norm: 0, acc_bytes: 0, per_token: 0, pmi: 1 },
      },
      question: explained(
        winnerQuestion('Under PMI, which answer wins?', 'pmi', 1),
        {
          0: '“ Lily.” is by far the cheapest answer after this context, but PMI asks how much the context lowered each answer’s cost, not which is cheapest. With no context a whole sentence is even more expensive than a name, and this context makes the long story cheap too, so the story gains the most.',
          2: 'PMI asks how much the context lowered each answer’s cost, not which is cheapest. “ Tom.” gains less than the long story, which is very expensive with no context and cheap after this one.',
          3: '“ a big red ball.” stays expensive after this context: the context lowers its cost the least of the four, so its PMI is the smallest. PMI rewards the answer the context helps most.',
        },
        ['PMI prefers the long story'],
      ),
      claims: [
        {
          text: 'With no context the long story costs more than “ Lily.”, and “ a big red ball.” gains the least from the context.',
          holds: (f) => {
            const c = scorer(f)?.candidates;
            return !!c && c[1].unconditional_logprob < c[0].unconditional_logprob && c.every((x, i) => i === 3 || x.pmi > c[3].pmi);
          },
        },
      ],
      after: ['Every other rule picks “ Lily.”. PMI prefers the long story: without the opening, a whole sentence like that is very unlikely, so the context raised its probability the most.'],
    },
    {
      id: 'letters-bos',
      title: 'Letters against an empty context',
      body: ['Back to the letter-key question. With only the start-of-text token as the unconditional context, PMI divides out how likely each letter is to open a text at all.'],
      widget: { kind: 'scorer', context: LETTERS_CONTEXT, candidates: LETTERS, focus: ['acc', 'pmi'], winners: { acc: 3, pmi: 1 } },
      question: explained(
        sameWinnerQuestion('With only the start-of-text token as the unconditional context, will PMI pick the same letter as the raw sum?', ['Yes', 'No'], 'acc', 'pmi', 1),
        {
          0: 'PMI subtracts each letter’s cost with no context, and those costs differ a lot from letter to letter (they depend on how each is tokenised), so the order can change even where the sum is clear.',
        },
        ['PMI picks B while the sum picks D'],
      ),
      after: [
        'PMI picks B while the sum picks D.',
        (f) => {
          const c = scorer(f)?.candidates;
          if (!c) return '';
          const bits = (x: (typeof c)[number]) => (-x.unconditional_logprob / Math.LN2).toFixed(1);
          const others = c.filter((_, i) => i !== 1).map(bits).map(Number).sort((a, b) => a - b);
          return `“ B” is one token in stories260K’s vocabulary, where “ A”, “ C” and “ D” are a space and a letter, and with no context it is the most expensive of the four: ${bits(c[1])} bits, against ${others[0].toFixed(1)}–${others[others.length - 1].toFixed(1)} for a space followed by A, C or D. PMI subtracts that unconditional cost, so the letter with the most expensive opening gains the most, whatever the question says.`;
        },
      ],
      claims: [
        { text: '“ B” is one token; “ A”, “ C” and “ D” are two.', holds: (f) => scorer(f)?.candidates.map((c) => c.n_tokens).join(',') === '2,1,2,2' },
        {
          text: 'With no context, “ B” costs more bits than any other letter.',
          holds: (f) => {
            const c = scorer(f)?.candidates;
            return !!c && c.every((x, i) => i === 1 || x.unconditional_logprob > c[1].unconditional_logprob);
          },
        },
      ],
    },
    {
      id: 'letters-answer',
      title: '“Answer:” as the unconditional context',
      body: [
        'An empty context is not a neutral baseline for a letter: what the model expects after “Answer:” is closer to what the question format itself suggests. Set the unconditional context to “Answer:” and PMI measures only what the question’s content added.',
      ],
      widget: { kind: 'scorer', context: LETTERS_CONTEXT, candidates: LETTERS, unconditionalContext: 'Answer:', focus: ['acc', 'pmi'], winners: { acc: 3, pmi: 3 } },
      question: explained(
        winnerQuestion('With “Answer:” as the unconditional context, which letter does PMI pick?', 'pmi', 3),
        {
          0: 'With “Answer:” as the baseline, the costs PMI subtracts no longer move the winner away from the raw sum’s choice, D; A gains less from the question than D does.',
          2: 'With “Answer:” as the baseline, the costs PMI subtracts no longer move the winner away from the raw sum’s choice, D; C gains less from the question than D does.',
          1: 'Against “Answer:” the baseline is how likely each letter is after the answer format alone, no longer how likely it is to open a text. The costs PMI subtracts change, and so can the winner: B’s lead came from the old baseline, not from the question.',
        },
        ['winner moves from B to D'],
      ),
      after: ['The winner moves from B to D, now agreeing with the sum. The same rule, two reasonable baselines, two answers: report which one you used.'],
    },
  ],
};
