// The step "Same answers, another tokenizer" of the lesson sum-and-length: per-token
// normalisation divides by a count that belongs to the tokenizer, per-byte by one that does not.
import type { Facts, Step, TokenizerFacts } from './types';

const CONTEXT = 'Lily went to the park. She saw a big';
const ANSWERS = [' cat.', ' butterfly.', ' rhinoceros.'];

const fertility = (f: Facts) => (f.kind === 'fertility' ? f : null);
const counts = (t: TokenizerFacts) => t.pieces.map((p) => p.length);
const list = (xs: number[]) => `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** The answer whose token count falls by the largest factor from the first tokenizer to the second (-1 without the facts). */
function largestFall(f: Facts): number {
  const x = fertility(f);
  if (!x || x.tokenizers.length < 2) return -1;
  const [a, b] = x.tokenizers.map(counts);
  const ratios = a.map((n, i) => n / b[i]);
  return ratios.indexOf(Math.max(...ratios));
}

/** Whether the per-token denominators of answers i and j stand in a different ratio under the two tokenizers, while bytes are one count. */
function perTokenRatioMoves(f: Facts, i: number, j: number): boolean {
  const x = fertility(f);
  if (!x) return false;
  const [a, b] = x.tokenizers.map(counts);
  return a[i] / a[j] > 2 && b[i] / b[j] < 2;
}

export const FERTILITY_STEP: Step = {
  id: 'fertility',
  title: 'Same answers, another tokenizer',
  body: [
    'Per token divides by a number the tokenizer chooses. stories260K has a vocabulary of 512 tokens, so it cuts most words into short pieces; Llama 2’s has 32,000. How many tokens a tokenizer needs per word is its *fertility*.',
    'Bytes belong to the text: every tokenizer sees the same bytes. That is why per-byte scores can put models with different tokenizers in one table without the fertility difference leaking into the metric, and per-token scores cannot.',
    'Here the same three answers are cut by both tokenizers, counted as the Scorer counts them (the lm-eval split: each answer after the context, with its leading space).',
  ],
  widget: { kind: 'fertility', context: CONTEXT, candidates: ANSWERS },
  question: {
    prompt: 'Going from 512 to 32,000 tokens, which answer’s token count falls by the largest factor?',
    options: ['“cat.”', '“butterfly.”', '“rhinoceros.”'],
    claim: 1,
    answer: largestFall,
    wrongBecause: {
      0: '“cat.” is already short under 512 tokens (three pieces): a larger vocabulary cannot save much on it. The larger falls are on longer words that the large vocabulary holds whole or nearly whole.',
      2: '“rhinoceros.” is the longest, but a tokenizer learns its merges from frequent text, and “rhinoceros” is rare there: Llama 2 still cuts it into four pieces. “butterfly” is common, and takes two.',
    },
    decidedBy: ['saves most on words that are common', 'common English words are one or two'],
  },
  after: [
    (f) => {
      const x = fertility(f);
      if (!x || x.tokenizers.length < 2) return '';
      const [a, b] = x.tokenizers;
      const bytes = x.result.candidates.map((c) => c.n_bytes);
      return `Per token, ${a.name} divides the three answers’ costs by ${list(counts(a))} tokens; Llama 2 would divide by ${list(counts(b))}. Per byte both divide by ${list(bytes)}.`;
    },
    'A large vocabulary saves most on words that are common in its training text: common English words are one or two of its tokens, so “butterfly” falls furthest, while a rare word such as “rhinoceros” is still cut into several pieces.',
    'So a per-token score changes with the tokenizer even where the model’s belief is the same, and comparing two models per token compares their tokenizers too. To read the step with two real models, open the same answers in the Scorer’s “Compare with…” (link under the table), where each model gets its own token column and the per-byte columns line up.',
  ],
  claims: [
    { text: 'No token straddles the context’s end under either tokenizer, so each count is the answer’s own tokens.', holds: (f) => !!fertility(f)?.tokenizers.every((t) => t.merged.every((m) => !m)) },
    { text: 'stories260K’s counts here are the token counts the Scorer divides by.', holds: (f) => !!fertility(f) && fertility(f)!.result.candidates.every((c, i) => c.n_tokens === fertility(f)!.tokenizers[0].pieces[i].length) },
    { text: '“butterfly.” takes more than twice the tokens of “cat.” under stories260K’s tokenizer and fewer than twice under Llama 2’s; its bytes are 2.5 times as many under both (10 and 4).', holds: (f) => perTokenRatioMoves(f, 1, 0) && fertility(f)?.result.candidates[1].n_bytes === 10 && fertility(f)?.result.candidates[0].n_bytes === 4 },
  ],
};
