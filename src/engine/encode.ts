// Tokenising with the pieces kept (the byte-span code needs them).
import type { EncodedToken } from '../core/tokens/spans';
import type { LoadedModel } from './model';

interface RawTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): { ids: number[]; tokens: string[] };
  id_to_token(id: number): string | undefined;
}

/** What encoding needs: the tokenizer and which ids are special. */
export type TokenizerHandle = Pick<LoadedModel, 'tokenizer' | 'specialIds'>;

function raw(m: TokenizerHandle): RawTokenizer {
  return (m.tokenizer as unknown as { _tokenizer: RawTokenizer })._tokenizer;
}

export function encodeWithPieces(m: TokenizerHandle, text: string, addSpecialTokens: boolean): EncodedToken[] {
  const enc = raw(m).encode(text, { add_special_tokens: addSpecialTokens });
  return enc.ids.map((id, i) => ({ id, piece: enc.tokens[i], special: m.specialIds.has(id) }));
}

export function pieceOf(m: TokenizerHandle, id: number): string {
  return raw(m).id_to_token(id) ?? `<${id}>`;
}
