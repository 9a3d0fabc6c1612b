// The leading-space warning on stories260K: " dog." and "dog." after "The boy saw a", the
// warning says which side the tokenizer splits into more tokens, from the scored counts.
import { describe, expect, it } from 'vitest';
import { useStoriesEngine } from './storiesEngine';

const { score } = useStoriesEngine();

describe('leading-space warning', () => {
  it('names the side with more tokens: SentencePiece merges the space into the word, so "dog." is the longer one', async () => {
    const r = await score('The boy saw a', [' dog.', 'dog.']);
    const [spaced, bare] = r.candidates.map((c) => c.n_tokens);
    expect(bare).toBeGreaterThan(spaced);
    const w = r.warnings.find((x) => x.code === 'inconsistent_leading_space')!;
    expect(w.candidates).toEqual([0]);
    expect(w.message).toBe(
      `The candidates listed start with a space and the others do not; the space is part of the scored answer and changes how it is split into tokens: here the ones without it take more tokens (${bare} tokens, against ${spaced} tokens with it), so they pay for the extra tokens.`,
    );
  });
});
