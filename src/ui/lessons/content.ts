// The seven lessons. Every number the text states about stories260K is also a claim that the step
// checks against the live result (and the browser test checks the same claims), so the text can
// never silently drift from what the model does.
import { priorWeightedRate } from '../../core/bpb/perByteCost';
import { fittedWinRate, type LogRatioBin } from '../../core/judge/lengthCurve';
import type { LengthConvention } from '../../core/scoring/lengthConvention';
import { DEFAULT_MU, type RuleName } from '../../core/scoring/types';
import { pct } from '../common/format';
import type { TaskRunSnapshot } from '../../state/snapshot';
import type { AuditFacts, Claim, Facts, Lesson, Question } from './types';
import { FERTILITY_STEP, FERTILITY_WRONG_BECAUSE } from './fertilityStep';
import { expectedSum, extensivity } from './extensivityFacts';

const TOWEL_CONTEXT = 'Tim got out of the pool. He was wet and cold. His mom gave him a';
const TOWEL = [' hat.', ' big soft towel so he could dry off.', ' zebra.'];
const LETTERS_CONTEXT = 'Question: What color is the sky?\nA. blue\nB. red\nC. green\nD. yellow\nAnswer:';
const LETTERS = [' A', ' B', ' C', ' D'];
/** The letter keys with one careless period: every length rule changes its pick. */
const STRAY_PERIOD = [' A', ' B', ' C', ' D.'];
const STRAY_PERIOD_RULES: readonly RuleName[] = ['acc', 'acc_norm', 'acc_bytes', 'per_token'];

/** The lessons count lengths as lm-eval-harness does: a candidate's leading space is its target_delimiter, not counted. */
export const LESSON_LENGTHS: LengthConvention = 'harness';

/** A multiple-choice question: its options, the one the text claims, and the one the live numbers make right. */
function ask(prompt: string, options: string[], claim: number, answer: (f: Facts) => number): Question {
  return { prompt, options, claim, answer };
}

/** "Will `a` and `b` pick the same candidate?" (option 0 yes, 1 no), answered by the live winners. */
function sameWinnerQuestion(prompt: string, options: [string, string], a: RuleName, b: RuleName, claim: number): Question {
  return { prompt, options, claim, answer: (f) => (f.kind === 'scorer' ? (f.result.winners[a] === f.result.winners[b] ? 0 : 1) : -1) };
}

/** "Which candidate wins under `rule`?" answered by the live winners. */
function winnerQuestion(prompt: string, rule: RuleName, claim: number): Question {
  return { prompt, options: 'candidates', claim, answer: (f) => (f.kind === 'scorer' ? f.result.winners[rule] : -1) };
}

const scorer = (f: Facts) => (f.kind === 'scorer' ? f.result : null);
const runs = (f: Facts): TaskRunSnapshot[] => (f.kind === 'task' ? f.runs : []);
const judge = (f: Facts) => (f.kind === 'judge' ? f.sim : null);
const audits = (f: Facts): AuditFacts[] => (f.kind === 'audit' ? f.audits : []);
const audit = (f: Facts, model: AuditFacts['model']) => audits(f).find((a) => a.model === model);
/** The width of the lesson's bins of ln(len A / len B): a factor of e^0.5 ≈ 1.65 per bin. */
export const LOG_RATIO_BIN = 0.5;
/** "Near equal length": |ln(len A / len B)| under this (one bin either side of ratio 1). */
const NEAR_EQUAL = LOG_RATIO_BIN;
/** The share of prompts in the bins within ±NEAR_EQUAL of ratio 1 (the bins lie on a grid through 0). */
function nearEqualShare(bins: readonly LogRatioBin[]): number {
  const total = bins.reduce((s, b) => s + b.prompts, 0);
  const near = bins.filter((b) => b.from >= -NEAR_EQUAL - 1e-9 && b.to <= NEAR_EQUAL + 1e-9).reduce((s, b) => s + b.prompts, 0);
  return near / total;
}

/** The BPB runs of the fixed-cost lesson: the sample as it is, and with the same opener on every answer. */
export const FIXED_OPENER = ' Mom said:';
export const PLAIN_RUN = 'as written';
export const OPENER_RUN = `with “${FIXED_OPENER.trim()}” before every answer`;
const plain = (f: Facts) => runs(f).find((r) => r.label === PLAIN_RUN);
const opener = (f: Facts) => runs(f).find((r) => r.label === OPENER_RUN);
/** The repairs step's two variants of the opener run: the same answers, weighted to a short-heavy or a long-heavy mix. */
export const SHORT_MIX_RUN = 'short-heavy mix';
export const LONG_MIX_RUN = 'long-heavy mix';
/** How many times each answer of the heavier half counts in a length mix (the other half counts once). */
export const MIX_WEIGHT = 4;
export const LETTER_RUN = 'letter keys (A–D)';
export const TEXT_RUN = 'full-text answers';
const letters = (f: Facts) => runs(f).find((r) => r.label === LETTER_RUN);
/** The repairs step's two variants (null unless both are there). */
const mixes = (f: Facts) => {
  const short = runs(f).find((r) => r.label === SHORT_MIX_RUN);
  const long = runs(f).find((r) => r.label === LONG_MIX_RUN);
  return short && long ? { short, long } : null;
};
const fullText = (f: Facts) => runs(f).find((r) => r.label === TEXT_RUN);

/**
 * The judge lessons' simulation seed: the judge-bias note's setting (SPEC §5: target 46.4%, fixed
 * order 63.6%, swap-averaged 53.7%, LC 46.7% within about a point), so the lesson and the note agree.
 */
export const JUDGE_SEED = 3;
/** A difference of rates (0–1) in percentage points, one decimal. */
const points = (d: number) => `${(100 * d).toFixed(1)} points`;

/** Published AlpacaEval 2 leaderboard figures (weighted_alpaca_eval_gpt4_turbo, alpaca_eval at cd543a1). */
export const ALPACA_PUBLISHED: Record<AuditFacts['model'], AuditFacts['published']> = {
  gpt4_gamed: { winRate: 0.037383373713788814, lc: 0.12188764057640531, avgLength: 68 },
  'FuseChat-Gemma-2-9B-Instruct': { winRate: 0.7049713534560247, lc: 0.7018106263911686, avgLength: 2155 },
};

/** The sharpening table's three rows, and the change from T = 1 to T = 0.5. */
const sharpRows = (f: Facts) => {
  if (f.kind !== 'sharpen') return null;
  const [sharp, plain, flat] = [0.5, 1, 2].map((T) => f.rows.find((r) => r.T === T));
  return sharp && plain && flat ? { sharp, plain, flat } : null;
};
/** How many times the shortest fifth's rise in corpus BPB with the opener is the longest fifth's (null without both runs). */
function riseRatio(f: Facts): number | null {
  const a = plain(f)?.quintiles;
  const b = opener(f)?.quintiles;
  if (!a || !b || a.length < 5 || b.length < 5) return null;
  return (b[0].corpus - a[0].corpus) / (b[4].corpus - a[4].corpus);
}
const sharpDelta = (f: Facts) => {
  const r = sharpRows(f);
  return r ? { acc: r.sharp.acc - r.plain.acc, accNorm: r.sharp.accNorm - r.plain.accNorm } : null;
};
/** The padding sweep's last point (the most padding). */
const paddingEnd = (f: Facts) => (f.kind === 'padding' ? f.points[f.points.length - 1] : undefined);
/** The slider's curve at T (null off the curve). */
const curveAt = (f: Facts, T: number) => (f.kind === 'sharpen' ? f.curve.find((r) => r.T === T) ?? null : null);
/** The traced story's sum in bits for choice c at T (null without a trace). */
function traceSum(f: Facts, c: number, T: number): number | null {
  if (f.kind !== 'sharpen' || !f.trace) return null;
  const k = f.curve.findIndex((r) => r.T === T);
  return k < 0 ? null : f.trace.bits[c][k].reduce((s, b) => s + b, 0);
}
/** The traced story's pick under acc at T: the choice with the fewest bits. */
function tracePick(f: Facts, T: number): number {
  if (f.kind !== 'sharpen' || !f.trace) return -1;
  const sums = f.trace.choices.map((_, c) => traceSum(f, c, T) ?? Infinity);
  return sums.indexOf(Math.min(...sums));
}
const signedPoints = (d: number) => `${d >= 0 ? '+' : '−'}${points(Math.abs(d))}`;
const pmiRows = (f: Facts) => {
  if (f.kind !== 'pmiBytes') return null;
  const pmi = f.rows.find((r) => r.label === 'acc_mutual_info (PMI)');
  const perByte = f.rows.find((r) => r.label === 'PMI per byte');
  return pmi && perByte ? { pmi, perByte } : null;
};

export const LESSONS: Lesson[] = [
  {
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
        question: winnerQuestion('Under the raw sum of log-probs (acc), which answer wins?', 'acc', 0),
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
        question: ask('Make an answer ten tokens longer. About how many bits lower do you expect its raw sum on this model?', ['About 1 bit', 'About 5 bits', 'About 30 bits', 'About 100 bits'], 2, (f) => {
          if (f.kind !== 'scorer') return -1;
          const ten = 10 * extensivity(f.result).H;
          return ten < 2.5 ? 0 : ten < 15 ? 1 : ten < 60 ? 2 : 3;
        }),
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
        question: winnerQuestion('Per token, which answer wins?', 'per_token', 2),
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
        question: winnerQuestion('Per character (acc_norm) and per byte (acc_bytes), which answer wins?', 'acc_bytes', 1),
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
        question: sameWinnerQuestion('Will per character (acc_norm) and per byte (acc_bytes) pick the same answer here?', ['Yes, the same answer', 'No, different answers'], 'acc_norm', 'acc_bytes', 1),
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
        question: winnerQuestion('Counting the end of the word (acc_word), which answer wins?', 'acc_word', 1),
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
  },
  {
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
        question: sameWinnerQuestion('Will per character (acc_norm) pick the same letter as the raw sum (acc)?', ['Yes, always here', 'No, it can pick another letter'], 'acc', 'acc_norm', 0),
        after: ['Dividing all sums by the same number keeps their order: acc, acc_norm and acc_bytes all pick D. (stories260K is a tiny story model: it does not know the sky is blue, which is beside the point here.)'],
      },
      {
        id: 'tokens-not-letters',
        title: 'The letters, per token',
        revealTitle: 'Per token is not always a no-op',
        body: ['The rule of lesson 1 not yet tried on the letters: per token, the sum divided by the number of tokens.'],
        widget: { kind: 'scorer', context: LETTERS_CONTEXT, candidates: LETTERS, focus: ['per_token'], winners: { per_token: 3 } },
        question: ask('Is per token (the sum divided by the number of tokens) bound to rank the letters as the raw sum does here?', ['Yes, bound to', 'No, not bound to'], 1, (f) => {
          const c = scorer(f)?.candidates;
          return !c ? -1 : c.every((x) => x.n_tokens === c[0].n_tokens) ? 0 : 1;
        }),
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
        question: ask('With letter keys, on how many of the 30 questions do acc and acc_norm pick different answers?', ['None', 'A few (1–5)', 'More than five'], 0, (f) => {
          const n = letters(f)?.accNormDisagreements;
          return n === undefined ? -1 : n === 0 ? 0 : n <= 5 ? 1 : 2;
        }),
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
        question: ask('Without the period D won under all four rules. How many of acc, acc_norm, acc_bytes and per token still pick D?', ['All four', 'One to three of them', 'None of them'], 2, (f) => {
          const w = scorer(f)?.winners;
          if (!w) return -1;
          const still = STRAY_PERIOD_RULES.filter((r) => w[r] === STRAY_PERIOD.length - 1).length;
          return still === STRAY_PERIOD_RULES.length ? 0 : still > 0 ? 1 : 2;
        }),
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
  },
  {
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
        question: winnerQuestion('Under PMI, which answer wins?', 'pmi', 1),
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
        question: sameWinnerQuestion('With only the start-of-text token as the unconditional context, will PMI pick the same letter as the raw sum?', ['Yes', 'No'], 'acc', 'pmi', 1),
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
        question: winnerQuestion('With “Answer:” as the unconditional context, which letter does PMI pick?', 'pmi', 3),
        after: ['The winner moves from B to D, now agreeing with the sum. The same rule, two reasonable baselines, two answers: report which one you used.'],
      },
    ],
  },
  {
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
        question: ask('With the opener, what happens to β, the cost of one more byte?', ['It rises a lot', 'It stays about the same', 'It falls a lot'], 1, (f) => {
          const a = plain(f);
          const b = opener(f);
          if (!a || !b) return -1;
          const change = (b.beta - a.beta) / a.beta;
          return Math.abs(change) < 0.1 ? 1 : change > 0 ? 0 : 2;
        }),
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
        question: ask('With the opener, how does the rise in bits per byte of the shortest fifth compare with the rise of the longest fifth?', ['A smaller rise', 'About the same (within a factor of 1.5)', 'Two to four times as large', 'More than four times as large'], 3, (f) => {
          const r = riseRatio(f);
          return r === null ? -1 : r < 1 / 1.5 ? 0 : r <= 1.5 ? 1 : r <= 4 ? 2 : 3;
        }),
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
        question: ask('With the opener, which is larger?', ['Corpus BPB', 'The mean of per-answer ratios'], 1, (f) => (opener(f) ? (opener(f)!.corpus >= opener(f)!.meanOfRatios ? 0 : 1) : -1)),
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
        question: ask('For the run with the opener, how does PriorBPB with μ = 20 compare with PriorBPB with μ = 111?', ['Lower', 'About the same (within 10%)', '10% to 50% higher', 'More than 50% higher'], 3, (f) => {
          const o = opener(f);
          if (!o) return -1;
          const r = priorWeightedRate(o.R, 20) / priorWeightedRate(o.R, 111);
          return r < 0.9 ? 0 : r <= 1.1 ? 1 : r <= 1.5 ? 2 : 3;
        }),
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
        question: ask(`At μ = ${DEFAULT_MU}, how far apart are the two variants under PriorBPB?`, ['More than 15% apart', '5% to 15% apart', 'Within 5% of each other'], 2, (f) => {
          const m = mixes(f);
          if (!m) return -1;
          const r = Math.abs(priorWeightedRate(m.short.R, DEFAULT_MU) / priorWeightedRate(m.long.R, DEFAULT_MU) - 1);
          return r > 0.15 ? 0 : r > 0.05 ? 1 : 2;
        }),
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
  },
  {
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
        question: ask('How far from the true win rate does the average of both orders land?', ['Within a point', '1 to 5 points off', 'More than 5 points off'], 0, (f) => {
          const s = judge(f);
          if (!s) return -1;
          const off = Math.abs(s.swap - s.target);
          return off < 0.01 ? 0 : off <= 0.05 ? 1 : 2;
        }),
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
        question: ask('Which estimate lands closest to the true win rate?', ['Fixed order (A first)', 'Swap-averaged', 'Length-controlled'], 2, (f) => {
          const s = judge(f);
          if (!s) return -1;
          const err = [s.fixedOrder, s.swap, s.lc].map((v) => Math.abs(v - s.target));
          return err.indexOf(Math.min(...err));
        }),
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
        question: ask('Which is closer to the truth now?', ['Swap-averaged', 'Length-controlled'], 0, (f) => (judge(f) ? (Math.abs(judge(f)!.swap - judge(f)!.target) <= Math.abs(judge(f)!.lc - judge(f)!.target) ? 0 : 1) : -1)),
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
        question: ask('At 4.5 times the baseline’s length, where does LC land against the bias-free target?', ['Within 2 points of it', 'More than 2 points above it', 'More than 2 points below it'], 2, (f) => {
          const p = paddingEnd(f);
          if (!p) return -1;
          return Math.abs(p.lc - p.target) <= 0.02 ? 0 : p.lc > p.target ? 1 : 2;
        }),
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
  },
  {
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
        question: ask('In what share of the 805 prompts is gpt4_gamed’s answer the longer one?', ['About half', 'About a quarter', 'Under 5%'], 2, (f) => {
          const a = audit(f, 'gpt4_gamed');
          return !a ? -1 : a.aLonger < 0.05 ? 2 : a.aLonger < 0.35 ? 1 : 0;
        }),
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
        question: ask('Where does the unregularised length-controlled estimate land, compared with the raw 3.7%?', ['Within 5 points of it', '5 to 50 points above it', 'More than 50 points above it'], 2, (f) => {
          const a = audit(f, 'gpt4_gamed');
          if (!a) return -1;
          const up = a.lc - a.raw;
          return up < 0.05 ? 0 : up <= 0.5 ? 1 : 2;
        }),
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
        question: ask('How far from AlpacaEval’s published LC (70.2%) does the same unregularised fit land?', ['Within 3 points', '3 to 15 points', 'More than 15 points'], 0, (f) => {
          const a = audit(f, 'FuseChat-Gemma-2-9B-Instruct');
          if (!a) return -1;
          const off = Math.abs(a.lc - a.published.lc);
          return off < 0.03 ? 0 : off <= 0.15 ? 1 : 2;
        }),
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
  },
  {
    id: 'leftovers',
    title: 'Sharpness, PMI per byte, and what PriorBPB claims',
    summary: 'Three more questions: what a temperature on the logits does to accuracy, what happens when PMI is also divided by bytes, and what it would take to test a metric’s claim to predict accuracy.',
    largerTitle: 'On a real fine-tuned model',
    larger:
      'Instruction tuning does more than a temperature: it changes which tokens a model ranks first, and it often moves the probability mass toward one answer format. A temperature is the pure case, where nothing the model ranks changes, so whatever accuracy does under it is sharpness alone. To check a real checkpoint, rescore the older one at a few temperatures: a change that one temperature reproduces is sharpness, not capability.',
    steps: [
      {
        id: 'sharpen',
        title: 'A temperature on the logits',
        revealTitle: 'Sharper, not wiser',
        body: [
          'A model’s next-token probabilities come from its logits z through softmax. Divide the logits by a *temperature* T before the softmax: below 1 the likely tokens get likelier (the distribution is *sharper*), above 1 it is flatter. The order of the tokens at every position stays the same, so what the model ranks first, everywhere, does not change. Fine-tuning a model to follow instructions (SFT) tends to make it more confident; a temperature is a clean stand-in for that part of what SFT does.',
          'The task: the 200 stories of the cloze sample, each with its own ending and the endings of three other stories as the wrong choices (four choices, of 2 to 150 bytes). Each is scored from the full distribution at every position, at nine temperatures from T = 0.25 to 4; the table shows T = 0.5, 1 and 2.',
        ],
        widget: { kind: 'sharpen', show: ['acc'] },
        question: ask('At T = 0.5 nothing the model ranks first changes. What does acc (the raw sum) do on these 200 questions?', ['It stays within a point', 'It rises by more than 5 points', 'It falls by more than 5 points'], 1, (f) => {
          const d = sharpDelta(f);
          return !d ? -1 : Math.abs(d.acc) <= 0.01 ? 0 : d.acc > 0.05 ? 1 : d.acc < -0.05 ? 2 : -1;
        }),
        after: [
          'Sharper, not wiser: a model can move its accuracy without learning anything.',
          (f) => {
            const d = sharpDelta(f);
            const r = sharpRows(f);
            if (!d || !r) return '';
            return `acc goes from ${pct(r.plain.acc)} to ${pct(r.sharp.acc)} (${signedPoints(d.acc)}) with no change in what the model ranks first. Accuracy compares whole answers’ sums, and a temperature changes every term of a sum: as T falls, a token’s log-prob tends to (z − z_max) / T, so a token the model ranks first becomes nearly free and every other one dearer. The sum then charges little for the stretches the model finds predictable, however long they are, and much more for the tokens it does not expect.`;
          },
          (f) => {
            if (f.kind !== 'sharpen' || !f.trace) return '';
            const t = f.trace;
            const w = tracePick(f, 1);
            const c = (i: number, T: number) => `${(traceSum(f, i, T) ?? NaN).toFixed(1)} bits`;
            const rise = (i: number) => (traceSum(f, i, 0.5) ?? NaN) - (traceSum(f, i, 1) ?? NaN);
            return `The token-by-token chart follows one story. At T = 1 its right ending, “${t.choices[t.gold].trim()}”, costs ${c(t.gold, 1)} and “${t.choices[w].trim()}” ${c(w, 1)}, so acc picks the wrong one; at T = 0.5 they cost ${c(t.gold, 0.5)} and ${c(w, 0.5)}. ${rise(t.gold) < rise(w) ? `The wrong ending’s cost rose by ${rise(w).toFixed(1)} bits, the right one’s by ${rise(t.gold).toFixed(1)}: sharpening charged most where the model expected other tokens.` : ''}`;
          },
        ],
        claims: [
          { text: 'At T = 0.5 acc rises by more than 5 points.', holds: (f) => (sharpDelta(f)?.acc ?? 0) > 0.05 },
          { text: 'At T = 2 (flatter) acc falls.', holds: (f) => { const r = sharpRows(f); return !!r && r.flat.acc < r.plain.acc; } },
          { text: 'Over the slider’s range acc never falls as T falls (from T = 4 down to 0.25).', holds: (f) => f.kind === 'sharpen' && f.curve.length === 9 && f.curve.every((r, i) => i === 0 || r.acc <= f.curve[i - 1].acc) },
          { text: 'On the traced story acc picks a wrong ending at T = 1 and the right one at T = 0.5.', holds: (f) => f.kind === 'sharpen' && !!f.trace && tracePick(f, 1) !== f.trace.gold && tracePick(f, 0.5) === f.trace.gold },
        ],
      },
      {
        id: 'rule-of-thumb',
        title: 'Same direction or opposite: a rule of thumb, tested',
        body: [
          'A rule of thumb for comparing two checkpoints: when acc and acc_norm move in the same direction the model probably changed in capability; when they move apart, in the sharpness or the format of its output distribution. Sharpening here is a change of sharpness alone. Move the temperature slider after the reveal to see the whole range, from T = 0.25 to 4.',
        ],
        widget: { kind: 'sharpen', show: ['acc', 'acc_norm'] },
        question: ask('From T = 1 to T = 0.5, how does acc_norm move compared with acc?', ['Same direction, at least half as much', 'Same direction, less than half as much', 'Opposite direction, at least half as much', 'Opposite direction, less than half as much'], 1, (f) => {
          const d = sharpDelta(f);
          if (!d) return -1;
          const opposite = Math.sign(d.accNorm) !== Math.sign(d.acc) && d.accNorm !== 0;
          const small = Math.abs(d.accNorm) < Math.abs(d.acc) / 2;
          return (opposite ? 2 : 0) + (small ? 1 : 0);
        }),
        after: [
          (f) => {
            const d = sharpDelta(f);
            const r = sharpRows(f);
            if (!d || !r) return '';
            return `acc moves ${signedPoints(d.acc)} and acc_norm ${signedPoints(d.accNorm)}: the same direction, so the rule of thumb taken literally would call this capability, though nothing the model ranks changed. On stories260K the opposite-direction pattern does not appear; what gives sharpness away is the size of the moves. A likely reason: acc_norm divides by length, so the length charge that sharpening lowers weighed on it far less to begin with. Flattening (T = 2) moves both down by similar amounts (acc ${signedPoints(r.flat.acc - r.plain.acc)}, acc_norm ${signedPoints(r.flat.accNorm - r.plain.accNorm)}), which is what lost capability would look like, yet it is the same network. So neither the direction nor the sizes of the moves prove a change of capability: here sharpening moves them by very different amounts, flattening by similar ones, and both are sharpness alone. What the rule of thumb can do is raise the question; rescoring the older checkpoint at a few temperatures answers it (a change that one temperature reproduces is sharpness). Report both metrics; pick one per task family, and keep it across checkpoints.`;
          },
          (f) => {
            const [lo, one, hi] = [0.25, 1, 4].map((T) => curveAt(f, T));
            if (!lo || !one || !hi) return '';
            return `The slider shows the whole range. From T = 1 down to 0.25 acc climbs from ${pct(one.acc)} to ${pct(lo.acc)} while acc_norm stays between ${pct(Math.min(lo.accNorm, one.accNorm))} and ${pct(Math.max(lo.accNorm, one.accNorm))}; from T = 1 up to 4 acc_norm falls further than acc (${pct(one.accNorm)} to ${pct(hi.accNorm)}, against ${pct(one.acc)} to ${pct(hi.acc)}). Which metric moves, and by how much, depends on where the network starts and which way its temperature goes, not on what it knows.`;
          },
        ],
        claims: [
          { text: 'From T = 1 to T = 0.5, acc_norm moves in the same direction as acc, by less than half as much.', holds: (f) => { const d = sharpDelta(f); return !!d && d.acc > 0 && d.accNorm >= 0 && d.accNorm < d.acc / 2; } },
          { text: 'At T = 2 (flatter) acc and acc_norm both fall.', holds: (f) => { const r = sharpRows(f); return !!r && r.flat.acc < r.plain.acc && r.flat.accNorm < r.plain.accNorm; } },
          {
            text: 'From T = 1 down to 0.25 acc changes by more than 10 points and acc_norm by less than 3; from T = 1 up to 4 both fall, acc_norm by more points than acc.',
            holds: (f) => {
              const [lo, one, hi] = [0.25, 1, 4].map((T) => curveAt(f, T));
              if (!lo || !one || !hi) return false;
              return Math.abs(lo.acc - one.acc) > 0.1 && Math.abs(lo.accNorm - one.accNorm) < 0.03 && hi.acc < one.acc && hi.accNorm < one.accNorm && one.accNorm - hi.accNorm > one.acc - hi.acc;
            },
          },
        ],
      },
      {
        id: 'pmi-per-byte',
        title: 'PMI, divided by bytes',
        revealTitle: 'Do not stack PMI on bytes',
        body: [
          'PMI subtracts an answer’s cost with no context, which looks as if it takes the cost of being a long string out of the score. One could also divide it by the answer’s bytes, as acc_bytes does with the sum; lm-eval-harness offers no such rule.',
          'The 30 full-text story questions of the letter-key lesson: their wrong choices are much longer or much shorter than the right one.',
        ],
        widget: { kind: 'pmiBytes' },
        question: ask('Divide PMI by each answer’s bytes. Which answers does the result pick most often?', ['Neither clearly more often', 'The shortest choice', 'The longest choice'], 1, (f) => {
          const r = pmiRows(f);
          if (!r) return -1;
          const pb = r.perByte;
          return pb.shortest > 0.4 ? 1 : pb.longest > 0.4 ? 2 : 0;
        }),
        after: [
          (f) => {
            const r = pmiRows(f);
            if (!r || f.kind !== 'pmiBytes') return '';
            const n = (x: number) => Math.round(x * f.items);
            return `PMI alone picks the longest choice on ${n(r.pmi.longest)} of ${f.items} questions: what is left after the subtraction is still a sum over the answer’s tokens, and each token the context makes likelier adds to it. Divided by bytes it picks the shortest on ${n(r.perByte.shortest)} and the longest on ${n(r.perByte.longest)}, while the right answer is a shortest choice on only ${Math.round(f.goldShortest * f.items)} (ties counted). Dividing a difference of two sums by bytes does not take the last length effect out; it turns it around, here from long to short, and accuracy falls from ${pct(r.pmi.accuracy)} to ${pct(r.perByte.accuracy)}.`;
          },
          'Two corrections can be stacked into a new bias: do not stack PMI on bytes. Pick one correction and report which.',
        ],
        claims: [
          { text: 'PMI picks the longest choice on more than half of the questions.', holds: (f) => (pmiRows(f)?.pmi.longest ?? 0) > 0.5 },
          { text: 'PMI per byte never picks the longest choice and picks the shortest more often than the right answer is the shortest.', holds: (f) => { const r = pmiRows(f); return !!r && f.kind === 'pmiBytes' && r.perByte.longest === 0 && r.perByte.shortest > f.goldShortest; } },
          { text: 'PMI per byte is less accurate than PMI.', holds: (f) => { const r = pmiRows(f); return !!r && r.perByte.accuracy < r.pmi.accuracy; } },
        ],
      },
      {
        id: 'prior-bpb-claim',
        title: 'PriorBPB’s claim, and what it would take to check it',
        body: [
          'The paper that proposes PriorBPB is titled “PriorBPB: Reducing the Answer Length Confound of Bits-per-Byte While Improving Accuracy Prediction” (Burns et al., 2026; the estimator is in eval-framework’s pull request #881). Its first claim is that PriorBPB reduces BPB’s answer-length confound; lesson 4 showed the mechanism it rests on (the length assumption becomes a stated μ instead of an accident of the task), not the confound removed from a comparison. Its second is that PriorBPB predicts a model’s downstream accuracy better than plain BPB.',
          'The paper’s text and its figure were not available when these lessons were written, so this step quotes no number from them. What a check needs: many models or checkpoints, each scored for BPB, for PriorBPB and for accuracy on the same tasks, and a comparison of how well each predicts the accuracy.',
        ],
        widget: { kind: 'sharpen', show: ['acc', 'acc_norm'] },
        question: ask('The three temperatures give three “models” of one network. Could their table test the claim that a metric predicts accuracy?', ['Yes, if the metric follows their three accuracies', 'Only with more temperatures', 'No'], 2, (f) => (sharpRows(f) ? 2 : -1)),
        after: ['No: one 260K-parameter model cannot do that. A claim to predict accuracy needs more than one model to test, and the three rows differ only in sharpness, the very thing that moves accuracy without capability. A metric that tracks sharpness would “predict” these three accuracies without saying anything about what a model knows. Evidence for a predictive claim comes from checkpoints that differ in training, across tasks; read the paper’s figure with that question in mind.'],
      },
    ],
  },
];

/**
 * The rules taught up to and including a step: the raw sum, and every rule a scorer step in this
 * or an earlier lesson is about. A reveal shows only these, so that no step answers a later one.
 */
export function taughtRules(lessonId: string, stepId: string): RuleName[] {
  const taught: RuleName[] = ['acc'];
  for (const l of LESSONS)
    for (const s of l.steps) {
      if (s.widget.kind === 'scorer') for (const r of s.widget.focus) if (!taught.includes(r)) taught.push(r);
      if (l.id === lessonId && s.id === stepId) return taught;
    }
  return taught;
}

/** Candidates that are letter keys (“ A”, “ D.”): no word to end, so the whole-word rule means nothing there. */
export const isLetterKeyItem = (candidates: readonly string[]) => candidates.every((c) => /^\s?[A-Z]\.?\s?$/.test(c));

/** The rules a step's figure and Try it show: those taught so far, less the whole-word rule on letter keys. */
export function shownRules(lessonId: string, stepId: string): RuleName[] {
  const w = findLesson(lessonId)?.steps.find((s) => s.id === stepId)?.widget;
  const taught = taughtRules(lessonId, stepId);
  return w?.kind === 'scorer' && isLetterKeyItem(w.candidates) ? taught.filter((r) => r !== 'acc_word') : taught;
}

/** For each question (lesson/step), the misconception behind each wrong option, answered. */
const WRONG_BECAUSE: Record<string, Record<number, string>> = {
  'sum-and-length/sum': {
    1: 'The towel is the answer that fits, but acc never asks which answer fits. It adds one negative log-prob per token, and the towel has 18 tokens against the hat’s 3: many fairly cheap tokens still add up to a larger cost than three.',
    2: '“ zebra.” is short too, but its first pieces (a bare space, “z”, “e”) are each surprising after this context. Short wins the sum only when the few tokens are not expensive ones.',
  },
  'sum-and-length/extensivity': {
    0: 'A bit is the cost of a fair coin flip; on this model a token is rarely that predictable. Each costs about three bits on average, so ten of them cost about ten times that.',
    1: 'Half a bit per token would be a model that nearly always knows the next token. stories260K pays about three bits for an average token of these answers, so ten tokens cost about 30.',
    3: 'Ten bits per token would mean a token as surprising as one guess in a thousand, every time. On these answers the average is about three bits, so ten tokens cost about 30.',
  },
  'sum-and-length/per-token': {
    0: '“ hat.” has the smallest total, but only 3 tokens to divide it by, and all three cost something. An answer split into many pieces, most of them almost free, gets a lower average.',
    1: 'Dividing by tokens does not favour a long answer as such: the towel’s average includes several expensive words. What per token rewards is fine splitting, where most pieces are nearly certain once a word has begun.',
  },
  'sum-and-length/per-char': {
    0: '“ hat.” has the smallest sum, but only 4 characters to share it. Spread over 35 characters, the towel’s larger sum is the smaller cost per character.',
    2: 'Per token rewarded zebra’s near-free pieces, but characters do not depend on how the tokenizer cut the word: “zebra.” still pays its expensive start over only 6 characters.',
  },
  'sum-and-length/chars-vs-bytes': {
    0: 'For ASCII text the two denominators are equal, but 狗 is one character and three bytes. The bilingual answer is divided by 9 bytes instead of 7 characters, the made-up word by the same number either way, and that is enough to swap them.',
  },
  'sum-and-length/fertility': FERTILITY_WRONG_BECAUSE,
  'sum-and-length/prefix': {
    0: '“ par” wins the raw sum because every way of going on after “ par” counts towards it, “ park” included. The whole-word rule adds the cost of the word ending there, and after “ par” the model expects “k”.',
  },
  'letter-keys/one-letter': {
    1: 'Every letter counts as one character, so acc_norm divides every sum by the same number, and dividing by the same positive number never changes which sum is largest.',
  },
  'letter-keys/thirty-questions': {
    1: 'On letter keys every candidate has the same length, so acc_norm cannot disagree with acc on any question, however many there are. Disagreement needs answers of different lengths.',
    2: 'On letter keys every candidate has the same length, so acc_norm cannot disagree with acc on any question, however many there are. Disagreement needs answers of different lengths.',
  },
  'letter-keys/tokens-not-letters': {
    0: 'One character each, yes, but per token divides by the number of tokens, not characters, and a tokenizer need not cut every letter the same way: a space and a letter can be one piece or two.',
  },
  'letter-keys/stray-period': {
    0: 'Dividing by length helps a longer key only when its extra piece is cheap. The period is one character more, but after a letter key the model finds it very unlikely: its bits are added to D’s sum, and dividing by two instead of one does not pay them back.',
    1: 'One rule could resist only if the period were cheap per character, byte or token. It is not: the period costs more bits than any whole key, so every average and the sum alike move away from D.',
  },
  'judge-bias/padding': {
    0: 'At the lesson’s setting many prompts have answers of similar length, and length control reads its estimate off the fit at equal length. Padded 4.5 times, nearly every prompt is far from equal length, and the estimate there rests on the fit’s shape alone.',
    1: 'Padding lifts the swap-average, not LC: LC takes away the length bonus the fit finds. Where the lengths no longer overlap, the fit cannot tell the length term from A’s own quality, and here it takes away more than the bonus.',
  },
  'fixed-cost/length-mix': {
    0: 'Corpus BPB divides all bits by all bytes, so it follows how many short answers a task has. PriorBPB first averages the cost at each byte position over the answers that reach it, then weights the positions by one fixed prior: the share of short answers hardly moves that.',
    1: 'A little is left, because a mix also changes which answers the average at each byte position draws on; but the share of short answers, which drove corpus BPB apart, no longer counts.',
  },
  'pmi/prior': {
    0: '“ Lily.” is by far the cheapest answer after this context, but PMI asks how much the context lowered each answer’s cost, not which is cheapest. With no context a whole sentence is even more expensive than a name, and this context makes the long story cheap too, so the story gains the most.',
    2: 'PMI asks how much the context lowered each answer’s cost, not which is cheapest. “ Tom.” gains less than the long story, which is very expensive with no context and cheap after this one.',
    3: '“ a big red ball.” stays expensive after this context: the context lowers its cost the least of the four, so its PMI is the smallest. PMI rewards the answer the context helps most.',
  },
  'pmi/letters-bos': {
    0: 'PMI subtracts each letter’s cost with no context, and those costs differ a lot from letter to letter (they depend on how each is tokenised), so the order can change even where the sum is clear.',
  },
  'pmi/letters-answer': {
    0: 'With “Answer:” as the baseline, the costs PMI subtracts no longer move the winner away from the raw sum’s choice, D; A gains less from the question than D does.',
    2: 'With “Answer:” as the baseline, the costs PMI subtracts no longer move the winner away from the raw sum’s choice, D; C gains less from the question than D does.',
    1: 'Against “Answer:” the baseline is how likely each letter is after the answer format alone, no longer how likely it is to open a text. The costs PMI subtracts change, and so can the winner: B’s lead came from the old baseline, not from the question.',
  },
  'fixed-cost/fit': {
    0: 'The opener adds bits, but the same bits to every answer whatever its length. A cost that does not grow with n goes into the intercept α, not the slope β.',
    2: 'The opener adds bits, but the same bits to every answer whatever its length. A cost that does not grow with n goes into the intercept α, not the slope β.',
  },
  'fixed-cost/short-pay-most': {
    0: 'The longest answers pay the same opener, but divide it by many more bytes; the shortest divide it by few, so their bits per byte rise the most.',
    1: 'The opener costs every answer about the same bits, but bits per byte divides them by the answer’s length: the shortest fifth is about 25 bytes with the opener, the longest about 145, so the same cost weighs several times as much on the short ones.',
    2: 'The ratio follows the lengths: the fixed cost is divided by about 25 bytes in the shortest fifth and about 145 in the longest, a factor of more than five, and the rise follows it.',
  },
  'fixed-cost/corpus-vs-mean': {
    0: 'Corpus BPB weights each answer by its bytes, so the long answers dominate it. The mean of ratios gives a 12-byte answer the same weight as a 150-byte one, and the short answers carry the opener’s cost most thickly.',
  },
  'fixed-cost/prior-bpb': {
    0: 'A prior with a mean of 111 bytes spreads its weight over long lengths, where R(k) is low; the opener’s bits sit in the first bytes, which μ = 20 weighs most.',
    2: 'The opener’s bits sit in the first bytes, where R(k) is several times its value further on, and μ = 20 puts most of its weight there: the difference is large, not modest.',
    1: 'A prior with a mean of 111 bytes spreads its weight over long lengths, where R(k) is low; the opener’s bits sit in the first bytes, which μ = 20 weighs most.',
  },
  'judge-bias/position': {
    2: 'Each order carries the bonus, in opposite directions: with A first it helps A, with B first it helps B by the same amount in log-odds. Averaging the two orders cancels it, up to the curvature of σ.',
    1: 'The bonus goes to whichever answer is seen first: with A first it helps A, with B first it helps B by the same amount in log-odds. Averaging the two orders cancels it, up to the curvature of σ.',
  },
  'judge-bias/verbosity': {
    0: 'Always showing A first carries both biases at once: the first-slot bonus and the length bonus.',
    1: 'Swapping cancels the first-slot bonus, but A is the longer answer in both orders, so the length bonus is in both verdicts and survives the average.',
  },
  'judge-bias/real-quality': {
    1: 'Length control sets the length term to zero. Here length carries real quality, so it removes real quality too, while the swap-average has no position bias left and no verbosity bias to remove.',
  },
  'lc-trust/gamed': {
    0: 'gpt4_gamed was told to answer as briefly as possible, about 68 characters against the baseline’s 2,000: its answer is almost never the longer one.',
    1: 'gpt4_gamed was told to answer as briefly as possible, about 68 characters against the baseline’s 2,000: its answer is almost never the longer one.',
  },
  'lc-trust/fit': {
    0: 'An estimate at equal length is not anchored to the raw rate. The fit learns a steep length effect from the few prompts where the lengths are closest and projects it all the way to a ratio of 1, far outside the data.',
    1: 'An estimate at equal length is not anchored to the raw rate. The fit learns a steep length effect from the few prompts where the lengths are closest and projects it all the way to a ratio of 1, far outside the data, and nothing stops it short.',
  },
  'leftovers/sharpen': {
    0: 'A temperature keeps what the model ranks first at each position, but accuracy compares sums over whole answers, and every term of a sum changes with T. Tokens the model ranks first get nearly free, the others dearer, so the sums move and so can the winners.',
    2: 'Falling is what flattening does (T = 2): every token drifts towards the same cost, so the answer with fewer tokens wins more often. Sharpening goes the other way: predictable tokens become nearly free, so a long right ending stops paying for its length.',
  },
  'leftovers/rule-of-thumb': {
    0: 'acc_norm already divides the sum by the length, so most of the length charge that sharpening removes was gone from it before; the same sharpening moves it much less than acc.',
    2: 'The rule of thumb expects sharpness to move them apart, but on this model and task both rise: sharpening helps the right ending under either rule. What differs is how much.',
    3: 'The rule of thumb expects sharpness to move them apart, but on this model and task both rise: sharpening helps the right ending under either rule. The move is small, as you said, but upwards.',
  },
  'leftovers/pmi-per-byte': {
    0: 'PMI removes the answer’s cost with no context, but what is left is still a sum over its tokens: a long answer the context fits collects a gain on every token. Dividing that by bytes hands the advantage to the short answers.',
    2: 'PMI alone leans to the long choices (its gain is summed over tokens). Dividing by bytes takes that lean away and more: a short answer’s gain, spread over few bytes, is large per byte.',
  },
  'leftovers/prior-bpb-claim': {
    0: 'The three rows come from one network; only the temperature differs. Whatever metric follows their accuracies is following sharpness, which the previous steps showed moves accuracy without any change in what the model knows.',
    1: 'More temperatures give more rows, but every row is still the same network made sharper or flatter. A metric could follow all of them and still say nothing about what a model has learned; the check needs models that differ in training.',
  },
  'lc-trust/contrast': {
    2: 'The last step’s fit was far off because it extrapolated to a length ratio no prompt had. Here lengths lie on both sides of equal, so the fit reads its estimate inside the data.',
    1: 'With lengths on both sides of equal, the fit interpolates: the equal-length point sits inside the data, so an unregularised fit and AlpacaEval’s regularised one have little room to differ.',
  },
};
/** For each question (lesson/step), the phrases of its reveal that decide it (see Question.decidedBy). */
const DECIDED_BY: Record<string, string[]> = {
  'sum-and-length/sum': ['raw sum picks the short answer', 'is cheap because it is short'],
  'sum-and-length/extensivity': ['ten tokens cost about 30 bits', 'grows in proportion to the length'],
  'sum-and-length/per-token': ['nonsense answer wins', 'rewards answers that the tokenizer splits finely'],
  'sum-and-length/per-char': ['now the towel wins'],
  'sum-and-length/chars-vs-bytes': ['characters and bytes disagree', 'which denominator the harness uses'],
  'sum-and-length/fertility': ['saves most on words that are common', 'common English words are one or two'],
  'sum-and-length/prefix': ['prefix of another can win', 'whole-word rule is the fix'],
  'letter-keys/one-letter': ['same length, same ranking', 'keeps their order'],
  'letter-keys/tokens-not-letters': ['per token is not always a no-op', 'need not be the same number of tokens'],
  'letter-keys/thirty-questions': ['normalisation does nothing', 'accuracies under acc, acc_norm and acc_bytes are identical'],
  'letter-keys/stray-period': ['not one of the four length rules picks D', 'single period moved every one'],
  'pmi/prior': ['PMI prefers the long story'],
  'pmi/letters-bos': ['PMI picks B while the sum picks D'],
  'pmi/letters-answer': ['winner moves from B to D'],
  'fixed-cost/fit': ['β barely moves', 'change lands on α'],
  'fixed-cost/short-pay-most': ['short answers pay most', 'thick over a short one'],
  'fixed-cost/corpus-vs-mean': ['large ratios pull the mean up'],
  'fixed-cost/prior-bpb': ['a prior that weighs short answers sees them most'],
  'fixed-cost/length-mix': ['within a few percent of each other', 'was the length mix, not the answers'],
  'judge-bias/position': ['so the average cancels it'],
  'judge-bias/verbosity': ['verbosity bias survives the swap', 'removes position bias but not verbosity bias', 'longer in both orders'],
  'judge-bias/padding': ['LC breaks as the overlap vanishes', 'falls below the target with every'],
  'judge-bias/real-quality': ['assumes length carries no quality', 'says nothing about quality', 'removes real quality'],
  'lc-trust/gamed': ['about 68 characters', 'almost no prompt'],
  'lc-trust/fit': ['all the way to a ratio of 1'],
  'lc-trust/contrast': ['with overlap, the fit is fine', 'interpolates instead of extrapolating'],
  'leftovers/sharpen': ['sharper, not wiser', 'move its accuracy without learning anything'],
  'leftovers/rule-of-thumb': ['in the same direction as acc, by less than half as much'],
  'leftovers/pmi-per-byte': ['do not stack PMI on bytes', 'stacked into a new bias'],
  'leftovers/prior-bpb-claim': ['one 260K-parameter model cannot do that', 'needs more than one model to test'],
};
for (const l of LESSONS)
  for (const s of l.steps)
    if (s.question) {
      s.question.wrongBecause = WRONG_BECAUSE[`${l.id}/${s.id}`] ?? {};
      s.question.decidedBy = DECIDED_BY[`${l.id}/${s.id}`] ?? [];
    }

/** A lesson, or the final quiz (which is walked like one but is not among LESSONS). */
export function findLesson(id: string | null, extra: readonly Lesson[] = []): Lesson | undefined {
  return [...LESSONS, ...extra].find((l) => l.id === id);
}

/** Claims a scorer widget's `winners` make, in words. */
export function winnerClaims(winners: Partial<Record<RuleName, number>>, candidates: string[], label: (r: RuleName) => string): Claim[] {
  return (Object.entries(winners) as [RuleName, number][]).map(([rule, i]) => ({
    text: `${label(rule)} picks “${candidates[i].trim()}”.`,
    holds: (f: Facts) => f.kind === 'scorer' && f.result.winners[rule] === i,
  }));
}
