// HellaSwag-shaped benchmark items: a context of about 80 tokens and four endings of about 20
// tokens each, made of TinyStories-like words from a seeded generator, so every run (in Node and
// in the browser) scores exactly the same strings.

export interface BenchItem {
  context: string;
  candidates: string[];
}

export interface BenchItemShape {
  items: number;
  seed: number;
  /** Target context length in tokens (each item draws within ±10% of it). */
  contextTokens: number;
  candidateTokens: number;
  candidates: number;
}

export const HELLASWAG_SHAPE: BenchItemShape = { items: 50, seed: 1234, contextTokens: 80, candidateTokens: 20, candidates: 4 };

/** mulberry32: a small, fast, seeded 32-bit generator. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = ['Lily', 'Tom', 'the little girl', 'the boy', 'her mom', 'the old man', 'a small dog', 'the cat', 'Ben', 'Sue', 'the bird', 'his friend'];
const VERBS = ['saw', 'found', 'wanted', 'liked', 'took', 'made', 'gave', 'looked at', 'played with', 'ran to', 'walked to', 'picked up'];
const OBJECTS = ['a big red ball', 'the tree', 'a shiny toy', 'the park', 'a pretty flower', 'the box', 'a cake', 'the sun', 'a funny hat', 'the river', 'some apples', 'a blue car'];
const TAILS = ['in the garden', 'after lunch', 'with a smile', 'very fast', 'near the house', 'all day', 'at the beach', 'in the rain', 'one more time', 'under the bed'];
const STARTS = ['One day,', 'Then', 'After that,', 'Suddenly,', 'Later,', 'So', 'But', 'Soon'];

function pick<T>(rand: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)];
}

function sentence(rand: () => number): string {
  const parts = [pick(rand, STARTS), pick(rand, SUBJECTS), pick(rand, VERBS), pick(rand, OBJECTS)];
  if (rand() < 0.6) parts.push(pick(rand, TAILS));
  return parts.join(' ') + (rand() < 0.8 ? '.' : '!');
}

/** Words appended one at a time until the text has at least `target` tokens. */
function grow(rand: () => number, start: string, target: number, countTokens: (text: string) => number): string {
  let text = start;
  let words: string[] = [];
  while (countTokens(text) < target) {
    if (words.length === 0) words = sentence(rand).split(' ');
    text += (text.length === 0 ? '' : ' ') + words.shift();
  }
  return text;
}

/**
 * Items of the given shape. `countTokens(text)` is the model's token count of `text` without
 * special tokens; a candidate is counted as it appears after the context (with its leading space).
 */
export function generateBenchItems(shape: BenchItemShape, countTokens: (text: string) => number): BenchItem[] {
  const rand = mulberry32(shape.seed);
  const jitter = (n: number) => Math.max(1, Math.round(n * (0.9 + 0.2 * rand())));
  const items: BenchItem[] = [];
  for (let i = 0; i < shape.items; i++) {
    const context = grow(rand, 'Once upon a time,', jitter(shape.contextTokens), countTokens);
    const candidates: string[] = [];
    for (let k = 0; k < shape.candidates; k++) {
      const target = jitter(shape.candidateTokens);
      // The ending's tokens: those of context + ending beyond the context's.
      const base = countTokens(context);
      const whole = grow(rand, context, base + target, countTokens);
      candidates.push(whole.slice(context.length));
    }
    items.push({ context, candidates });
  }
  return items;
}

/** A task item of the streaming measurement: a short story context and four endings. */
export interface StoryItem extends BenchItem {
  id: string;
  /** Index of the "gold" ending (always 0: the ending that continues the story's subject). */
  label: number;
}

/**
 * `n` story items, generated one at a time (nothing is held: a 10,000-item task costs no memory
 * until it is scored). Contexts are two or three sentences, endings a few words.
 */
export function* storyItems(n: number, seed = 7): Generator<StoryItem> {
  const rand = mulberry32(seed);
  for (let i = 0; i < n; i++) {
    const sentences = 2 + Math.floor(rand() * 2);
    const parts: string[] = ['Once upon a time,'];
    for (let s = 0; s < sentences; s++) parts.push(sentence(rand));
    const subject = pick(rand, SUBJECTS);
    parts.push(`${subject} ${pick(rand, VERBS)}`);
    const candidates = [` ${pick(rand, OBJECTS)}.`, ` ${pick(rand, OBJECTS)} ${pick(rand, TAILS)}.`, ` ${pick(rand, TAILS)}.`, ` ${pick(rand, SUBJECTS)}!`];
    yield { id: `story-${i}`, context: parts.join(' '), candidates, label: 0 };
  }
}
