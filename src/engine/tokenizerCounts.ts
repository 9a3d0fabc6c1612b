// A tokenizer on its own (no model): loaded from a served folder's tokenizer.json and
// tokenizer_config.json, and the lm-eval token count of each candidate after a context. Pure
// tokenising, so it runs wherever it is called; the lessons use it for a tokenizer that has no
// trained model here.
import { PreTrainedTokenizer } from '@huggingface/transformers';
import { splitPair } from '../core/scoring/split';
import { continuationCount } from '../core/tokens/continuationCount';
import { rawTokenizer, vocabularyPieces } from './transformersAdapter';
import { installFastBpe } from './fastBpe';

export interface TokenizerCounts {
  /** Entries in the vocabulary. */
  vocabSize: number;
  /** Per candidate: its tokens after the context, as text pieces. */
  pieces: string[][];
  /** Per candidate: the context's tokens were not a prefix of context + candidate. */
  merged: boolean[];
}

async function fetchJson(url: string): Promise<object> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status} ${res.statusText}`);
  return (await res.json()) as object;
}

const loaded = new Map<string, Promise<PreTrainedTokenizer>>();

/** The tokenizer in the folder at `baseUrl` (ending in '/'), fetched once; a failed fetch is retried next time. */
export function loadTokenizer(baseUrl: string): Promise<PreTrainedTokenizer> {
  let hit = loaded.get(baseUrl);
  if (!hit) {
    hit = Promise.all([fetchJson(`${baseUrl}tokenizer.json`), fetchJson(`${baseUrl}tokenizer_config.json`)]).then(([json, config]) => {
      const tokenizer = new PreTrainedTokenizer(json, config);
      installFastBpe(tokenizer);
      return tokenizer;
    });
    hit.catch(() => loaded.delete(baseUrl));
    loaded.set(baseUrl, hit);
  }
  return hit;
}

export function vocabSize(tokenizer: PreTrainedTokenizer): number {
  let n = 0;
  for (const _ of vocabularyPieces(tokenizer)) n++;
  return n;
}

/** Each candidate's tokens after `context`, split as lm-eval-harness splits a request (trailing whitespace of the context moves to the candidate). */
export function countCandidateTokens(tokenizer: PreTrainedTokenizer, context: string, candidates: readonly string[]): TokenizerCounts {
  const raw = rawTokenizer(tokenizer);
  const pieces: string[][] = [];
  const merged: boolean[] = [];
  for (const c of candidates) {
    const pair = splitPair(context, c);
    const whole = raw.encode(pair.context + pair.continuation, { add_special_tokens: true });
    const ctx = raw.encode(pair.context, { add_special_tokens: true });
    const plain = raw.encode(pair.context + pair.continuation, { add_special_tokens: false });
    // The tokens the tokenizer put before the text (BOS): as many as the two encodings differ by.
    const before = whole.ids.length - plain.ids.length;
    const inserted = whole.ids.map((_, i) => i < before);
    const n = continuationCount(whole.ids, ctx.ids, inserted);
    pieces.push(whole.tokens.slice(n.first).filter((_, k) => !inserted[n.first + k]));
    merged.push(n.merged);
  }
  return { vocabSize: vocabSize(tokenizer), pieces, merged };
}
