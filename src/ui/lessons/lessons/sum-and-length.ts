// The lesson “The raw sum and the length of an answer” (sum-and-length): its steps, each with its question's explanations beside it.
import type { Lesson } from '../types';
import { FERTILITY_STEP } from '../fertilityStep';
import { expectedSum, extensivity } from '../extensivityFacts';
import { ask, explained, sameWinnerQuestion, scorer, TOWEL, TOWEL_CONTEXT, winnerQuestion } from './shared';

export const sumAndLength: Lesson = {
  id: 'sum-and-length',
  title: 'The raw sum and the length of an answer',
  summary: 'Adding up log-probs, or dividing them by tokens, characters or bytes: four ways to score one answer, and what each does to a long one.',
  larger:
    'The arithmetic of the sum does not depend on the model: a larger model such as SmolLM2-135M (load it in the Scorer from the hub) still pays for every token of a long answer. What changes is the tokenizer: with a vocabulary of tens of thousands of pieces a rare word like “zebra” is often one token, so the per-token quirk of “ zebra” can vanish or move to other words, while characters and bytes keep disagreeing for any text outside ASCII. With such a vocabulary “ par” and “ park” may each be one token, so that neither sum contains the other; the whole-word rule still asks whether the word ends there, which is what a multiple-choice answer means.',
  steps: [
    {
      id: 'sum',
      title: 'The sum of log-probs',
      body: [
        'A language model scores an answer by how probable each of its tokens is, given everything before it. lm-eval-harness’s *acc* adds those log-probabilities up and picks the largest sum.',
        'Every log-probability is negative, so every extra token can only lower the sum. Here the right answer (the towel) is the long one.',
      ],
      widget: { kind: 'scorer', context: TOWEL_CONTEXT, candidates: TOWEL, focus: ['acc'], winners: { acc: 0 } },
      question: explained(
        winnerQuestion('Under the raw sum of log-probs (acc), which answer wins?', 'acc', 0),
        {
          1: 'The towel is the answer that fits, but acc never asks which answer fits. It adds one negative log-prob per token, and the towel has 18 tokens against the hat’s 3: many fairly cheap tokens still add up to a larger cost than three.',
          2: '“ zebra.” is short too, but its first pieces (a bare space, “z”, “e”) are each surprising after this context. Short wins the sum only when the few tokens are not expensive ones.',
        },
        ['raw sum picks the short answer', 'is cheap because it is short'],
      ),
      after: ['The raw sum picks the short answer: “hat” is cheap because it is short, three tokens against eighteen. Length did not decide alone (“zebra.” is short too, and loses), but every token of the towel adds a cost, and fitting better does not pay back eighteen of them.'],
      claims: [{ text: '“ hat.” is 3 tokens and the towel answer 18.', holds: (f) => scorer(f)?.candidates[0].n_tokens === 3 && scorer(f)?.candidates[1].n_tokens === 18 }],
    },
    {
      id: 'extensivity',
      title: 'How a sum grows with length',
      revealTitle: 'The sum is extensive: about −L×H',
      body: [
        'Each token of an answer costs its surprisal, −log₂ p, in bits. Call the model’s mean surprisal per token *H*. The raw sum of an answer of L tokens is then expected to be about −L×H.',
        'How large is H on stories260K? The figure estimates it from the three answers of the last step; the line is −L×H, and the slider moves a length along it.',
      ],
      widget: { kind: 'scorer', view: 'extensivity', context: TOWEL_CONTEXT, candidates: TOWEL, focus: ['acc'], winners: {} },
      question: explained(
        ask('Make an answer ten tokens longer. About how many bits lower do you expect its raw sum on this model?', ['About 1 bit', 'About 5 bits', 'About 30 bits', 'About 100 bits'], 2, (f) => {
          if (f.kind !== 'scorer') return -1;
          const ten = 10 * extensivity(f.result).H;
          return ten < 2.5 ? 0 : ten < 15 ? 1 : ten < 60 ? 2 : 3;
        }),
        {
          0: 'A bit is the cost of a fair coin flip; on this model a token is rarely that predictable. Each costs about three bits on average, so ten of them cost about ten times that.',
          1: 'Half a bit per token would be a model that nearly always knows the next token. stories260K pays about three bits for an average token of these answers, so ten tokens cost about 30.',
          3: 'Ten bits per token would mean a token as surprising as one guess in a thousand, every time. On these answers the average is about three bits, so ten tokens cost about 30.',
        },
        ['ten tokens cost about 30 bits', 'grows in proportion to the length'],
      ),
      after: [
        'Ten tokens cost about 30 bits: the sum grows in proportion to the length, as mass grows with volume, which is why it is called *extensive*.',
        (f) => {
          if (f.kind !== 'scorer') return '';
          const e = extensivity(f.result);
          const [hat, towel] = e.points;
          const dL = towel.L - hat.L;
          const dBits = hat.sumBits - towel.sumBits;
          return `H is estimated here at ${e.H.toFixed(2)} bits per token: the ${e.tokens} tokens of the three answers, their bits over their tokens. That is an estimate from ${e.tokens} tokens of one item, not the model’s average over text. The towel answer has ${dL} more tokens than “ hat.” and its sum is ${dBits.toFixed(1)} bits lower, ${(dBits / dL).toFixed(2)} bits per extra token. Before a rule asks which answer fits the context better, the raw sum asks how long each one is; Try it’s “bits per extra token” is H, as one edit measures it.`;
        },
      ],
      claims: [
        { text: 'H, the mean surprisal per token over the three answers, lies between 2.5 and 3.5 bits.', holds: (f) => f.kind === 'scorer' && Math.abs(extensivity(f.result).H - 3) < 0.5 },
        { text: 'The sums of “ hat.” and of the towel answer each lie within 15% of the line −L×H.', holds: (f) => {
          if (f.kind !== 'scorer') return false;
          const e = extensivity(f.result);
          return e.points.slice(0, 2).every((p) => Math.abs(p.sumBits - expectedSum(p.L, e.H)) < 0.15 * p.L * e.H);
        } },
        { text: 'The towel answer’s sum is 45 to 55 bits lower than that of “ hat.”.', holds: (f) => { if (f.kind !== 'scorer') return false; const [h, t] = extensivity(f.result).points; const d = h.sumBits - t.sumBits; return d > 45 && d < 55; } },
      ],
    },
    {
      id: 'per-token',
      title: 'Divide by tokens',
      body: [
        'A natural fix is to divide the sum by the number of tokens: the average surprise per token. lm-eval-harness deliberately does not offer it as a multiple-choice rule, because the result depends on how a tokenizer happens to cut the text.',
        'stories260K has only 512 tokens in its vocabulary, so a rare word is spelled in several small pieces.',
      ],
      widget: { kind: 'scorer', context: TOWEL_CONTEXT, candidates: TOWEL, focus: ['per_token'], winners: { per_token: 2 } },
      question: explained(
        winnerQuestion('Per token, which answer wins?', 'per_token', 2),
        {
          0: '“ hat.” has the smallest total, but only 3 tokens to divide it by, and all three cost something. An answer split into many pieces, most of them almost free, gets a lower average.',
          1: 'Dividing by tokens does not favour a long answer as such: the towel’s average includes several expensive words. What per token rewards is fine splitting, where most pieces are nearly certain once a word has begun.',
        },
        ['nonsense answer wins', 'rewards answers that the tokenizer splits finely'],
      ),
      after: [
        'The nonsense answer wins.',
        (f) => {
          const z = scorer(f)?.candidates[2];
          if (!z) return '';
          const pieces = z.tokens.map((t) => `“${t.text}” ${t.bits.toFixed(2)}`).join(', ');
          return `Look at its trace (bits per piece): ${pieces}. stories260K spells “ zebra” as a bare space and single letters; the first three pieces are expensive, but once “ ze” is paid “b”, “r”, “a” are almost certain, and those near-free tokens pull the average down.`;
        },
        'Per token rewards answers that the tokenizer splits finely.',
      ],
      claims: [
        {
          text: '“ zebra.” starts with three pieces of more than 4 bits each, followed by three of under 0.1 bits.',
          holds: (f) => {
            const t = scorer(f)?.candidates[2].tokens ?? [];
            return t.length >= 6 && t.slice(0, 3).every((x) => x.bits > 4) && t.slice(3, 6).every((x) => x.bits < 0.1);
          },
        },
      ],
    },
    {
      id: 'per-char',
      title: 'Divide by characters or bytes',
      body: [
        'lm-eval-harness’s *acc_norm* divides the sum by the answer’s length in characters (Unicode code points: Python’s len of the string); *acc_bytes* divides by its length in UTF-8 bytes. Neither depends on the tokenizer.',
        'The harness scores “ ” + choice (the space is its target_delimiter) but counts the length of the choice alone, so the leading space of “ hat.” is not counted: 4 characters. The tables in these lessons count the same way; the Scorer lets you choose.',
        'For plain English text the two denominators are the same number.',
      ],
      widget: { kind: 'scorer', context: TOWEL_CONTEXT, candidates: TOWEL, focus: ['acc_norm', 'acc_bytes'], winners: { acc_norm: 1, acc_bytes: 1 } },
      question: explained(
        winnerQuestion('Per character (acc_norm) and per byte (acc_bytes), which answer wins?', 'acc_bytes', 1),
        {
          0: '“ hat.” has the smallest sum, but only 4 characters to share it. Spread over 35 characters, the towel’s larger sum is the smaller cost per character.',
          2: 'Per token rewarded zebra’s near-free pieces, but characters do not depend on how the tokenizer cut the word: “zebra.” still pays its expensive start over only 6 characters.',
        },
        ['now the towel wins'],
      ),
      after: ['Now the towel wins: its 35 characters share the cost. Three rules, three different winners on one item.'],
      claims: [
        { text: 'The harness counts “ hat.” as 4 characters and the towel answer as 35 (the leading space is not counted).', holds: (f) => scorer(f)?.candidates.map((c) => c.n_chars).join(',') === '4,35,6' },{ text: 'Per character and per byte are the same numbers here (all characters are ASCII).', holds: (f) => !!scorer(f)?.candidates.every((c) => c.per_char === c.per_byte) }],
    },
    {
      id: 'chars-vs-bytes',
      title: 'Characters or bytes, outside ASCII',
      revealTitle: 'When characters and bytes disagree',
      body: [
        'Outside ASCII one character can take several bytes: the Chinese character 狗 (dog) is one code point and three UTF-8 bytes.',
        'Here a bilingual answer competes with a made-up word. Without its leading space the first has 7 characters but 9 bytes.',
      ],
      widget: {
        kind: 'scorer',
        context: 'Lily went to the park. She saw a big',
        candidates: [' dog, 狗.', ' Zyx.'],
        focus: ['acc_norm', 'acc_bytes'],
        winners: { acc_norm: 1, acc_bytes: 0 },
      },
      question: explained(
        sameWinnerQuestion('Will per character (acc_norm) and per byte (acc_bytes) pick the same answer here?', ['Yes, the same answer', 'No, different answers'], 'acc_norm', 'acc_bytes', 1),
        {
          0: 'For ASCII text the two denominators are equal, but 狗 is one character and three bytes. The bilingual answer is divided by 9 bytes instead of 7 characters, the made-up word by the same number either way, and that is enough to swap them.',
        },
        ['characters and bytes disagree', 'which denominator the harness uses'],
      ),
      after: ['Per byte picks the bilingual answer, per character picks the made-up word: the bytes of 狗 spread its high cost thinner than its single character does. So which denominator the harness uses changes the result, a difference users of non-Latin benchmarks have asked the lm-eval-harness maintainers about. In lm-eval-harness’s code acc_norm is per character; the per-byte rule is the separate acc_bytes (added in v0.4.9.2). The harness’s own 2024 paper (Biderman et al.) and EleutherAI’s blog post on multiple-choice normalisation describe the normalisation as per byte, a mismatch still open as lm-eval-harness issue #3278: when a paper reports “acc_norm” on a non-Latin benchmark, check which of the two it computed.'],
      claims: [{ text: 'The first answer has 7 characters and 9 bytes (the leading space not counted).', holds: (f) => scorer(f)?.candidates[0].n_chars === 7 && scorer(f)?.candidates[0].n_bytes === 9 }],
    },
    FERTILITY_STEP,
    {
      id: 'prefix',
      title: 'A prefix of another answer',
      body: [
        'The raw sum scores a string as the start of a text, not as a whole word: every way of going on after “ par” counts towards its probability, “ park” included.',
        'The *whole word* rule (acc_word, after Pimentel and Meister, 2024) multiplies by the probability that a new word, or the end of the text, comes next: it adds that log-probability to the sum. It is the “end of word” bar at the end of each trace.',
      ],
      widget: { kind: 'scorer', context: 'The dog ran to the', candidates: [' par', ' park'], focus: ['acc', 'acc_word'], winners: { acc: 0, acc_word: 1 } },
      question: explained(
        winnerQuestion('Counting the end of the word (acc_word), which answer wins?', 'acc_word', 1),
        {
          0: '“ par” wins the raw sum because every way of going on after “ par” counts towards it, “ park” included. The whole-word rule adds the cost of the word ending there, and after “ par” the model expects “k”.',
        },
        ['prefix of another can win', 'whole-word rule is the fix'],
      ),
      after: [
        '“ par” wins the raw sum by a hair: its tokens “ p” and “ar” are the first two of “ park”. But after “ par” the model expects “k”; ending the word there costs “ par” about 14 bits and “ park” almost nothing.',
        'So an answer that is a prefix of another can win the raw sum for no reason at all, and the whole-word rule is the fix.',
      ],
      claims: [
        { text: 'The tokens of “ par” are the first tokens of “ park”.', holds: (f) => !!scorer(f) && scorer(f)!.candidates[0].tokens.every((t, j) => scorer(f)!.candidates[1].tokens[j]?.id === t.id) },
        {
          text: 'Ending the word costs “ par” about 14 bits (13.5 to 14.5) and “ park” under 0.01 bits.',
          holds: (f) => !!scorer(f) && Math.abs(-scorer(f)!.candidates[0].word_final_logprob / Math.LN2 - 14) < 0.5 && -scorer(f)!.candidates[1].word_final_logprob / Math.LN2 < 0.01,
        },
      ],
    },
  ],
};
