// Issue 12 (wrong numbers, silent loss) on the real stories260K model: each case once gave a
// wrong number or dropped a candidate without saying so.
import { describe, expect, it } from 'vitest';
import { useStoriesEngine } from './storiesEngine';

const { score } = useStoriesEngine();

describe('PMI', () => {
  it('defect 1: a candidate "<s>" after a context is scored, has a PMI, and an unknown PMI never wins', async () => {
    const r = await score('Once upon a time', [' there', '<s>']);
    const [there, bos] = r.candidates;
    expect(there.pmi).toBeGreaterThan(bos.pmi);
    expect(Number.isFinite(bos.unconditional_logprob)).toBe(true);
    expect(r.winners.pmi).toBe(0);
  });

  it('defect 2: with an empty context every PMI is exactly 0 and the PMI winner is the first candidate', async () => {
    const r = await score('', [' there', ' Lily', ' a']);
    expect(r.candidates.map((c) => c.pmi)).toEqual([0, 0, 0]);
    expect(r.candidates.map((c) => c.unconditional_logprob)).toEqual(r.candidates.map((c) => c.sum_logprob));
    expect(r.winners.pmi).toBe(0);
  });
});

describe('special-token text typed in a context (defect 5)', () => {
  const spans = (c: { tokens: { bytes: [number, number] }[] }) => c.tokens.map((t) => t.bytes);
  it('does not shift the candidate\'s byte spans', async () => {
    const plain = await score('Once upon a time there was a girl named', [' Lily.']);
    expect(spans(plain.candidates[0])).toEqual([[0, 5], [5, 6]]);
    for (const context of ['<s>Once upon a time there was a girl named', 'Once upon a time </s> there was a girl named', '</s>Once upon a time there was a girl named']) {
      const c = (await score(context, [' Lily.'])).candidates[0];
      expect(c.byte_note, context).toBeUndefined();
      expect(spans(c), context).toEqual([[0, 5], [5, 6]]);
    }
  });
  it('a context ending in "<s>": the tokenizer\'s phantom space after it is scored with an empty span', async () => {
    const c = (await score('Once upon a time there was a girl named <s>', [' Lily.'])).candidates[0];
    expect(c.byte_note).toBeUndefined();
    expect(c.tokens.map((t) => t.piece)).toEqual(['▁', '▁Lily', '.']);
    expect(spans(c)).toEqual([[0, 0], [0, 5], [5, 6]]);
  });
  it('a candidate "<s>" after an empty context is scored (the typed token after the inserted BOS)', async () => {
    const r = await score('', ['<s>', ' there']);
    const c = r.candidates[0];
    expect(c.tokens.map((t) => [t.piece, t.bytes])).toEqual([['<s>', [0, 3]]]);
    expect(Number.isFinite(c.sum_logprob)).toBe(true);
    expect(r.warnings.map((w) => w.code)).not.toContain('unscored_candidate');
  });
});

describe('separate policy (defect 6)', () => {
  it('encodes the continuation without the tokenizer\'s phantom space: "py." is p y ., not ▁p y .', async () => {
    const c = (await score('The dog was hap', ['py.'], { boundaryPolicy: 'separate' })).candidates[0];
    expect(c.boundary_info?.policy).toBe('separate');
    expect(c.tokens.map((t) => t.piece)).toEqual(['p', 'y', '.']);
    expect(c.tokens.map((t) => t.bytes)).toEqual([[0, 1], [1, 2], [2, 3]]);
    expect(c.byte_note).toBeUndefined();
  });
  it('a continuation with a leading space keeps its own space and loses only the phantom one', async () => {
    const c = (await score('Once upon a tim', ['e Lily.', ' Lily.'], { boundaryPolicy: 'separate' })).candidates;
    expect(c[0].tokens.map((t) => t.piece).join('')).toBe('e▁Lily.');
    expect(c[0].tokens.reduce((s, t) => s + t.bytes[1] - t.bytes[0], 0)).toBe(7);
  });
});

describe('a context longer than the model\'s window (defects 7, 10)', () => {
  const story = 'Once upon a time, there was a little girl named Lily. She liked to play in the park with her dog. ';
  it('is cut from the left to the last window of tokens, with a warning that says so', async () => {
    const long = story.repeat(40); // about 1,000 tokens; the window is 512
    const r = await score(long, [' Lily', ' Tom']);
    const w = r.warnings.find((x) => x.code === 'context_truncated');
    expect(w?.message).toMatch(/longer than the model's window of 512 tokens/);
    expect(w?.message).toMatch(/only its last \d+ tokens were used/);
    // The same numbers as a context already cut to a few windows' worth of text.
    const tail = await score(story.repeat(20), [' Lily', ' Tom']);
    expect(tail.warnings.map((x) => x.code)).toContain('context_truncated');
    r.candidates.forEach((c, i) => expect(Math.abs(c.sum_logprob - tail.candidates[i].sum_logprob)).toBeLessThan(1e-5));
    // A short context: no warning.
    expect((await score(story, [' Lily'])).warnings.map((x) => x.code)).not.toContain('context_truncated');
  });
  it('a 5 MB context is cut before tokenising: same numbers as its tail, in seconds, not minutes', async () => {
    const huge = story.repeat(Math.ceil(5e6 / story.length));
    const r = await score(huge, [' Lily', ' Tom']);
    const tail = await score(story.repeat(20), [' Lily', ' Tom']);
    r.candidates.forEach((c, i) => expect(Math.abs(c.sum_logprob - tail.candidates[i].sum_logprob)).toBeLessThan(1e-5));
    expect(r.warnings.find((x) => x.code === 'context_truncated')?.message).toMatch(/the first [\d,]+ characters were not tokenised/i);
  }, 20_000);
});
