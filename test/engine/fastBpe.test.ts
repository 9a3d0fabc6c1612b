// Tokenising with core's merger gives transformers.js's own pieces and ids, on every tokenizer the
// tests have (SentencePiece-style Llama 2 vocabularies of 512 and 32,000 pieces with byte
// fallback, GPT-2's byte-level one) and on one with end-of-word and continuing-subword suffixes:
// random text of every kind, long texts (past the library's cache), and the same text twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PreTrainedTokenizer } from '@huggingface/transformers';
import { installFastBpe } from '../../src/engine/fastBpe';
import { bpeModel, rawTokenizer } from '../../src/engine/transformersAdapter';
import { MODELS_DIR } from '../paths';

const RUNS = { seed: Number(process.env.FC_SEED ?? 20261202), numRuns: Number(process.env.FC_RUNS ?? 150) } as const;

function pair(dir: string, edit: (json: Record<string, unknown>) => void = () => undefined): [PreTrainedTokenizer, PreTrainedTokenizer] {
  const load = () => {
    const json = JSON.parse(readFileSync(path.join(dir, 'tokenizer.json'), 'utf8')) as Record<string, unknown>;
    edit(json);
    const config = JSON.parse(readFileSync(path.join(dir, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;
    return new PreTrainedTokenizer(json, config);
  };
  return [load(), load()];
}

const words = ['the', ' the', 'Once', ' upon', ' a', ' time', 'aaaa', '  ', '\n', '\t', ',', '.', "'s", 'ünïcødé', '日本語', '🙂', '‼', 'x', '123', ' 4.5', '<s>', '</w>'];
const text = fc.oneof(
  fc.array(fc.constantFrom(...words), { maxLength: 120 }).map((w) => w.join('')),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', 'b', ' ', '▁'), maxLength: 400 }),
);

const cases: [string, string, ((json: Record<string, unknown>) => void)?][] = [
  ['stories260K (512 pieces, byte fallback)', 'stories260K'],
  ['tiny-llama-plain (32,000 pieces, byte fallback)', 'tiny-llama-plain'],
  ['GPT-2 (byte-level)', 'tokenizers/gpt2'],
  [
    'GPT-2 with end-of-word and continuing-subword suffixes',
    'tokenizers/gpt2',
    (json) => Object.assign(json.model as Record<string, unknown>, { end_of_word_suffix: '</w>', continuing_subword_suffix: '##' }),
  ],
];

describe('installFastBpe', () => {
  for (const [label, dir, edit] of cases) {
    it(`gives the library's pieces and ids: ${label}`, () => {
      const [library, fast] = pair(path.join(MODELS_DIR, dir), edit);
      expect(installFastBpe(fast)).toBe(true);
      expect(bpeModel(fast)!.bpe).not.toBe(bpeModel(library)!.bpe);
      const same = (t: string) => {
        const a = rawTokenizer(library).encode(t, { add_special_tokens: true });
        const b = rawTokenizer(fast).encode(t, { add_special_tokens: true });
        expect(b.tokens).toEqual(a.tokens);
        expect(b.ids).toEqual(a.ids);
      };
      fc.assert(
        fc.property(text, (t) => {
          same(t);
          same(t); // a cached word the second time
        }),
        RUNS,
      );
      const story = 'Once upon a time, there was a little girl named Lily. She loved to play outside in the sunshine. '.repeat(8);
      same(story);
      same(story + ' ünïcødé 🙂');
    });
  }

  it('changes nothing where the tokenizer is not BPE', () => {
    const dir = path.join(MODELS_DIR, 'tokenizers/gpt2');
    const [tok] = pair(dir, (json) => {
      const model = json.model as Record<string, unknown>;
      json.model = { type: 'WordLevel', vocab: model.vocab, unk_token: '<|endoftext|>' };
    });
    expect(bpeModel(tok)).toBeUndefined();
    expect(installFastBpe(tok)).toBe(false);
  });
});
