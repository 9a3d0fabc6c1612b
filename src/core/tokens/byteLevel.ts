// GPT-2's byte-to-unicode table: byte-level BPE vocabularies spell every byte as one printable
// code point. Printable Latin-1 bytes map to themselves; the other 68 bytes map to U+0100 onward.

function buildByteToChar(): string[] {
  const map: string[] = new Array(256);
  let next = 256;
  for (let b = 0; b < 256; b++) {
    const printable = (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
    map[b] = String.fromCodePoint(printable ? b : next++);
  }
  return map;
}

export const BYTE_TO_CHAR: readonly string[] = buildByteToChar();

export const CHAR_TO_BYTE: ReadonlyMap<string, number> = new Map(BYTE_TO_CHAR.map((c, b) => [c, b]));

/** The bytes a byte-level piece stands for, or null if a character is outside the table. */
export function byteLevelPieceBytes(piece: string): Uint8Array | null {
  const out: number[] = [];
  for (const ch of piece) {
    const b = CHAR_TO_BYTE.get(ch);
    if (b === undefined) return null;
    out.push(b);
  }
  return Uint8Array.from(out);
}
