// Tokenizers the lessons count tokens with, besides the lesson model's own: served by the app
// (see vite-plugins/serve-assets.ts) and loaded only when a step needs one.
import { tokenizerCounts, type TokenizerCounts } from '../engine';

export type { TokenizerCounts };

/** The Llama 2 tokenizer (32,000 tokens), served beside the app. */
export const LLAMA2_TOKENIZER_URL = 'tokenizers/llama2/';

/** Token counts of each candidate after `context` under the tokenizer served at `url` (relative to the app). */
export async function servedTokenCounts(url: string, context: string, candidates: readonly string[]): Promise<TokenizerCounts> {
  const base = new URL(url, document.baseURI).href;
  try {
    const { countCandidateTokens, loadTokenizer } = await tokenizerCounts();
    return countCandidateTokens(await loadTokenizer(base), context, candidates);
  } catch (e) {
    throw new Error(`The tokenizer at ${url} could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
}
