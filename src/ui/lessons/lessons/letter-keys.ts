// The lesson “Letter keys: what is left for normalisation to do” (letter-keys): its steps, each with its question's explanations beside it.
import { pct } from '../../common/format';
import type { Lesson } from '../types';
import { ask, explained, fullText, LETTERS, letters, LETTERS_CONTEXT, sameWinnerQuestion, scorer, STRAY_PERIOD, STRAY_PERIOD_RULES } from './shared';

export const letterKeys: Lesson = {
  id: 'letter-keys',
  title: 'Letter keys: what is left for normalisation to do',
  summary: 'Many benchmarks ask for a letter instead of the answer. What is left for length normalisation to do when every answer is one letter?',
  larger:
    'On a larger model the letters are usually single tokens (“ A”, “ B”, …), so per-token becomes a no-op too, and acc and acc_norm report identical numbers on letter-key benchmarks. The model is then also far better at linking the letter to the option, which is why letter formats only work well above a certain size.',
  steps: [
    {
      id: 'one-letter',
      title: 'One letter each',
      revealTitle: 'Same length, same ranking',
      body: [
        'Here the options are listed in the question and the answer is a letter. Every candidate is a space and one letter; the space is the harness’s delimiter, so every candidate counts as one character and one byte.',
      ],
      widget: { kind: 'scorer', context: LETTERS_CONTEXT, candidates: LETTERS, focus: ['acc', 'acc_norm', 'acc_bytes'], winners: { acc: 3, acc_norm: 3, acc_bytes: 3 } },
      claims: [{ text: 'Every letter counts as one character and one byte.', holds: (f) => !!scorer(f)?.candidates.every((c) => c.n_chars === 1 && c.n_bytes === 1) }],
      question: explained(
        sameWinnerQuestion('Will per character (acc_norm) pick the same letter as the raw sum (acc)?', ['Yes, always here', 'No, it can pick another letter'], 'acc', 'acc_norm', 0),
        {
          1: 'Every letter counts as one character, so acc_norm divides every sum by the same number, and dividing by the same positive number never changes which sum is largest.',
        },
        ['same length, same ranking', 'keeps their order'],
      ),
      after: ['Dividing all sums by the same number keeps their order: acc, acc_norm and acc_bytes all pick D. (stories260K is a tiny story model: it does not know the sky is blue, which is beside the point here.)'],
    },
    {
      id: 'tokens-not-letters',
      title: 'The letters, per token',
      revealTitle: 'Per token is not always a no-op',
      body: ['The rule of lesson 1 not yet tried on the letters: per token, the sum divided by the number of tokens.'],
      widget: { kind: 'scorer', context: LETTERS_CONTEXT, candidates: LETTERS, focus: ['per_token'], winners: { per_token: 3 } },
      question: explained(
        ask('Is per token (the sum divided by the number of tokens) bound to rank the letters as the raw sum does here?', ['Yes, bound to', 'No, not bound to'], 1, (f) => {
          const c = scorer(f)?.candidates;
          return !c ? -1 : c.every((x) => x.n_tokens === c[0].n_tokens) ? 0 : 1;
        }),
        {
          0: 'One character each, yes, but per token divides by the number of tokens, not characters, and a tokenizer need not cut every letter the same way: a space and a letter can be one piece or two.',
        },
        ['per token is not always a no-op', 'need not be the same number of tokens'],
      ),
      after: ['Per token is not always a no-op: one character each, but the letters need not be the same number of tokens. In stories260K’s vocabulary “ B” happens to be one token, while “ A”, “ C” and “ D” are each a space token and a letter token. D still wins here, but B is divided by 1 and the others by 2: per-token accuracy over the 30 letter-key questions differs from acc, as the next step’s table shows.'],
      claims: [{ text: '“ B” is one token; “ A”, “ C” and “ D” are two.', holds: (f) => scorer(f)?.candidates.map((c) => c.n_tokens).join(',') === '2,1,2,2' }],
    },
    {
      id: 'thirty-questions',
      title: 'Thirty questions, two formats',
      body: [
        'The Task lab ships 30 story questions in two formats: answers written out in full, and the same questions with letter keys. Both are scored here on the live model.',
        'With full-text answers the candidates differ in length, so the rules can disagree.',
      ],
      widget: { kind: 'task', view: 'accuracy' },
      question: explained(
        ask('With letter keys, on how many of the 30 questions do acc and acc_norm pick different answers?', ['None', 'A few (1–5)', 'More than five'], 0, (f) => {
          const n = letters(f)?.accNormDisagreements;
          return n === undefined ? -1 : n === 0 ? 0 : n <= 5 ? 1 : 2;
        }),
        {
          1: 'On letter keys every candidate has the same length, so acc_norm cannot disagree with acc on any question, however many there are. Disagreement needs answers of different lengths.',
          2: 'On letter keys every candidate has the same length, so acc_norm cannot disagree with acc on any question, however many there are. Disagreement needs answers of different lengths.',
        },
        ['normalisation does nothing', 'accuracies under acc, acc_norm and acc_bytes are identical'],
      ),
      after: [
        'On letter keys normalisation does nothing: the accuracies under acc, acc_norm and acc_bytes are identical; on full text they differ. Normalisation is only a decision where lengths differ.',
        (f) => {
          const l = letters(f);
          const t = fullText(f);
          if (!l?.accuracies || l.chance === undefined || !t?.accuracies) return '';
          const se = Math.sqrt((l.chance * (1 - l.chance)) / l.items);
          const values = Object.values(t.accuracies).filter(Number.isFinite);
          return `Guessing among four options scores ${pct(l.chance, 0)}: that is the chance line. *Chance-normalised* accuracy, (acc − chance) / (1 − chance), puts guessing at 0 and a perfect score at 100%; on letter keys acc is ${pct(l.accuracies.acc)}, so it is ${pct((l.accuracies.acc - l.chance) / (1 - l.chance))}, below guessing. This rescaling is what leaderboards mean by a “normalised” score; it has nothing to do with acc_norm, which divides by length. With 30 questions one accuracy’s standard error near chance is about ${(100 * se).toFixed(0)} points, and on letter keys every rule lies within two of them of the chance line: stories260K is a 260K-parameter model trained only to continue children’s stories, and it cannot link a letter to an option. On full text the rules spread from ${pct(Math.min(...values))} to ${pct(Math.max(...values))}, which says more about which answers are short than about what the model knows.`;
        },
        (f) => {
          const p = fullText(f)?.lengthPicks;
          const n = fullText(f)?.items;
          if (!p || !n) return '';
          const norm = p.accNormLongest === p.accBytesLongest ? `acc_norm and acc_bytes pick a longest one on ${p.accNormLongest}` : `acc_norm picks a longest one on ${p.accNormLongest} and acc_bytes on ${p.accBytesLongest}`;
          return `Where the spread comes from: on full text acc picks a shortest choice on ${p.accShortest} of ${n} questions, while ${norm} (ties counted). Dividing by length does not take the length effect out here; it overcorrects, from the shortest answer to the longest.`;
        },
      ],
      claims: [
        { text: 'Every question has four options: chance is 25%.', holds: (f) => letters(f)?.chance === 0.25 && fullText(f)?.chance === 0.25 },
        {
          text: 'On letter keys every rule’s accuracy is within two standard errors of chance.',
          holds: (f) => {
            const l = letters(f);
            if (!l?.accuracies || l.chance === undefined) return false;
            const se = Math.sqrt((l.chance * (1 - l.chance)) / l.items);
            return Object.values(l.accuracies).every((a) => Math.abs(a - l.chance!) < 2 * se);
          },
        },
        { text: 'On letter keys acc = acc_norm = acc_bytes.', holds: (f) => !!letters(f)?.accuracies && letters(f)!.accuracies!.acc === letters(f)!.accuracies!.acc_norm && letters(f)!.accuracies!.acc === letters(f)!.accuracies!.acc_bytes },
        { text: 'On full-text answers acc and acc_norm differ.', holds: (f) => !!fullText(f)?.accuracies && fullText(f)!.accuracies!.acc !== fullText(f)!.accuracies!.acc_norm },
        { text: 'On letter keys per-token accuracy differs from acc.', holds: (f) => !!letters(f)?.accuracies && letters(f)!.accuracies!.per_token !== letters(f)!.accuracies!.acc },
        {
          text: 'On full text acc picks a shortest choice on more than half of the questions, acc_norm and acc_bytes a longest one on more than four in five.',
          holds: (f) => {
            const t = fullText(f);
            const p = t?.lengthPicks;
            return !!t && !!p && p.accShortest > t.items / 2 && p.accNormLongest > 0.8 * t.items && p.accBytesLongest > 0.8 * t.items;
          },
        },
      ],
    },
    {
      id: 'stray-period',
      title: 'A stray period',
      body: [
        'The same four keys, but a template wrote the last one with a period: “ D.” instead of “ D”. Nothing else changed: not the question, not the other keys.',
        'The period is one more character, one more byte and one more token, and the model pays for it: it changes the sum, and the number each normalised rule divides it by.',
      ],
      widget: { kind: 'scorer', context: LETTERS_CONTEXT, candidates: STRAY_PERIOD, focus: ['acc', 'acc_norm', 'acc_bytes', 'per_token'], winners: { acc: 2, acc_norm: 2, acc_bytes: 2, per_token: 2 } },
      question: explained(
        ask('Without the period D won under all four rules. How many of acc, acc_norm, acc_bytes and per token still pick D?', ['All four', 'One to three of them', 'None of them'], 2, (f) => {
          const w = scorer(f)?.winners;
          if (!w) return -1;
          const still = STRAY_PERIOD_RULES.filter((r) => w[r] === STRAY_PERIOD.length - 1).length;
          return still === STRAY_PERIOD_RULES.length ? 0 : still > 0 ? 1 : 2;
        }),
        {
          0: 'Dividing by length helps a longer key only when its extra piece is cheap. The period is one character more, but after a letter key the model finds it very unlikely: its bits are added to D’s sum, and dividing by two instead of one does not pay them back.',
          1: 'One rule could resist only if the period were cheap per character, byte or token. It is not: the period costs more bits than any whole key, so every average and the sum alike move away from D.',
        },
        ['not one of the four length rules picks D', 'single period moved every one'],
      ),
      after: [
        'Not one of the four length rules picks D any more: a single period moved every one of them to C.',
        (f) => {
          const c = scorer(f)?.candidates;
          const d = c?.[c.length - 1];
          const dot = d?.tokens[d.tokens.length - 1];
          if (!c || !d || !dot) return '';
          return `“ D.” now divides by ${d.n_chars} characters, ${d.n_bytes} bytes and ${d.n_tokens} tokens, where each other key divides by 1 character, 1 byte and ${c.slice(0, -1).map((x) => x.n_tokens).join(', ')} tokens; but its last token, “${dot.text}”, costs ${dot.bits.toFixed(1)} bits on its own, more than any whole key costs here. Doubling the denominator does not pay that back.`;
        },
        'Clean the choice strings before you score them: the same delimiter, no trailing space, punctuation on every choice or on none. In Try it below, take the period away and D wins again; on the towel of lesson 1, a trailing space typed after “ hat.” moves the raw sum’s pick to the zebra.',
      ],
      claims: [
        { text: '“ D.” counts 2 characters and 2 bytes and is 3 tokens; the other keys keep 1 character, 1 byte and their 2, 1 and 2 tokens.', holds: (f) => scorer(f)?.candidates.map((c) => `${c.n_chars}/${c.n_bytes}/${c.n_tokens}`).join(',') === '1/1/2,1/1/1,1/1/2,2/2/3' },
        { text: 'The period alone costs more bits than any of the keys A, B and C in total.', holds: (f) => { const c = scorer(f)?.candidates; const d = c?.[3]; const dot = d?.tokens[d.tokens.length - 1]; return !!c && !!dot && dot.text === '.' && c.slice(0, 3).every((x) => -x.sum_logprob / Math.LN2 < dot.bits); } },
      ],
    },
  ],
};
