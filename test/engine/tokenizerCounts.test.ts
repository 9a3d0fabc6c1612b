// Token counts of the fertility step's answers under stories260K's 512-token and Llama 2's
// 32,000-token tokenizers, against counts checked by hand from each vocabulary's pieces.
import { describe, expect, it } from 'vitest';
import { countCandidateTokens, vocabSize } from '../../src/engine/tokenizerCounts';
import { LLAMA2_TOKENIZER_DIR, STORIES_TOKENIZER_DIR, tokenizerFromDir } from '../ui/lessons/fertilityTokenizers';

const CONTEXT = 'Lily went to the park. She saw a big';
const stories = tokenizerFromDir(STORIES_TOKENIZER_DIR);
const llama = tokenizerFromDir(LLAMA2_TOKENIZER_DIR);

describe('countCandidateTokens', () => {
  it('knows each vocabulary’s size', () => {
    expect(vocabSize(stories)).toBe(512);
    expect(vocabSize(llama)).toBe(32000);
  });

  it('cuts the answers as each vocabulary does', () => {
    const answers = [' cat.', ' butterfly.', ' rhinoceros.', ' 狗.'];
    const s = countCandidateTokens(stories, CONTEXT, answers);
    const l = countCandidateTokens(llama, CONTEXT, answers);
    expect(s.pieces).toEqual([
      ['▁c', 'at', '.'],
      ['▁but', 't', 'er', 'f', 'l', 'y', '.'],
      ['▁r', 'h', 'in', 'o', 'c', 'er', 'o', 's', '.'],
      ['▁', '<0xE7>', '<0x8B>', '<0x97>', '.'],
    ]);
    expect(l.pieces).toEqual([
      ['▁cat', '.'],
      ['▁butter', 'fly', '.'],
      ['▁r', 'hin', 'oc', 'eros', '.'],
      ['▁', '<0xE7>', '<0x8B>', '<0x97>', '.'],
    ]);
    expect([...s.merged, ...l.merged].every((m) => !m)).toBe(true);
  });

  it('moves the context’s trailing space to the answer (the lm-eval split)', () => {
    const withSpace = countCandidateTokens(llama, `${CONTEXT} `, ['butterfly.']);
    expect(withSpace.pieces).toEqual([['▁butter', 'fly', '.']]);
  });
});
