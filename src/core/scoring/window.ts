// A context far longer than the model's window: only its last window of tokens can matter (the
// input is cut from the left, as lm-eval-harness does), so the text before a generous bound is
// dropped before tokenising. Time and memory then depend on the window, not on the input.

/** How much of a context reached the model, when not all of it did. */
export interface ContextCut {
  /** The model's window (tokens). */
  window: number;
  /** Context tokens the model saw (the last ones). */
  tokensKept: number;
  /** Characters dropped from the front before tokenising (0 when the whole text was tokenised). */
  charsCut: number;
}

/**
 * Characters of text that certainly hold more than `tokens` tokens: no token covers more than
 * `longestPiece` characters of its piece, and normalisation can at most double that (composed
 * characters); a margin keeps the tokens at the cut, which may differ from the uncut text's,
 * outside the window.
 */
export function charsForTokens(tokens: number, longestPiece: number): number {
  return tokens * Math.max(1, longestPiece) * 2 + 1024;
}

/** The last `maxChars` characters of `text` (never half a surrogate pair), and how many were cut. */
export function textTail(text: string, maxChars: number): { text: string; charsCut: number } {
  if (text.length <= maxChars) return { text, charsCut: 0 };
  let start = text.length - maxChars;
  const c = text.charCodeAt(start);
  if (c >= 0xdc00 && c <= 0xdfff) start++;
  return { text: text.slice(start), charsCut: start };
}
