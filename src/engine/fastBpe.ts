// Tokenising with the BPE merges done by core's merger instead of transformers.js's own loop: the
// same pieces for every word (test/engine/fastBpe.test.ts compares both on every tokenizer we
// have), about four times faster on a Llama 2-style tokenizer, whose texts reach BPE as one long
// word (no pre-tokenizer) and are too long for its cache. Tokenising every (context + candidate)
// string the lm-eval way was a quarter of the app's time on the 32,000-token fixtures.
import type { PreTrainedTokenizer } from '@huggingface/transformers';
import { createBpeMerger } from '../core/tokens/bpeMerge';
import { bpeModel } from './transformersAdapter';

/**
 * Replace the tokenizer's BPE merging, keeping everything around it as transformers.js does it
 * (its cache of short words, the end-of-word and continuing-subword suffixes). False, and nothing
 * changed, where the tokenizer is not BPE or its internals are not the ones this expects.
 */
export function installFastBpe(tokenizer: PreTrainedTokenizer): boolean {
  const model = bpeModel(tokenizer);
  if (!model) return false;
  const merge = createBpeMerger(model.merges);
  const { cache, max_length_to_cache: cacheBelow, end_of_word_suffix: endOfWord, continuing_subword_suffix: continuing } = model;
  model.bpe = (word: string): string[] => {
    if (word.length === 0) return [];
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    const chars = Array.from(word);
    if (endOfWord) chars[chars.length - 1] += endOfWord;
    const pieces = merge(chars);
    if (continuing) for (let i = 0; i < pieces.length - 1; i++) pieces[i] += continuing;
    if (word.length < cacheBelow) cache.put(word, pieces);
    return pieces;
  };
  return true;
}
