// Strict text decoding for input files: bytes that are not UTF-8 (a Latin-1 "é", a truncated
// character) and JSON strings with a lone surrogate ("\ud800") are not text. Decoding them
// leniently would put U+FFFD in their place and score that, changing byte counts silently.

/** Length of the valid UTF-8 sequence at `i`, or 0 when the bytes there are not one. */
function sequenceLength(b: Uint8Array, i: number): number {
  const x = b[i];
  if (x < 0x80) return 1;
  const cont = (k: number) => i + k < b.length && (b[i + k] & 0xc0) === 0x80;
  if (x >= 0xc2 && x <= 0xdf) return cont(1) ? 2 : 0;
  if (x >= 0xe0 && x <= 0xef) {
    const y = b[i + 1];
    // No overlong forms (E0 80..9F) and no surrogates (ED A0..BF).
    if ((x === 0xe0 && y < 0xa0) || (x === 0xed && y > 0x9f)) return 0;
    return cont(1) && cont(2) ? 3 : 0;
  }
  if (x >= 0xf0 && x <= 0xf4) {
    const y = b[i + 1];
    if ((x === 0xf0 && y < 0x90) || (x === 0xf4 && y > 0x8f)) return 0;
    return cont(1) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Where the first invalid UTF-8 sequence starts, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceLength(bytes, i);
    if (n === 0) return i;
    i += n;
  }
  return -1;
}

/**
 * Decodes UTF-8 (one leading BOM dropped, as every reader here does), or throws
 * "line L, byte C: not valid UTF-8 (0xNN)" with the 1-based line and byte within that line.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < bad; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const shown = '0x' + bytes[bad].toString(16).toUpperCase().padStart(2, '0');
    throw new Error(`line ${line}, byte ${bad - lineStart + 1}: not valid UTF-8 (${shown}); save the file as UTF-8`);
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  // ignoreBOM: the decoder would otherwise drop a second BOM too, which is text (U+FEFF).
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(start));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

interface LoneSurrogate {
  /** Where the string sits ("choices[1]", "arguments.gen_args_0.arg_1"; '' for a bare string). */
  path: string;
  /** The lone surrogate itself. */
  unit: string;
}

/** The first string holding a lone surrogate, found depth first, with the surrogate. */
function findLoneSurrogate(value: unknown, path: string): LoneSurrogate | undefined {
  if (typeof value === 'string') {
    const m = LONE_SURROGATE.exec(value);
    return m ? { path, unit: m[0] } : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findLoneSurrogate(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const found = findLoneSurrogate(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return undefined;
}

/** The path ("choices[1]", "arguments.gen_args_0.arg_1") of the first string with a lone surrogate. */
export function loneSurrogatePath(value: unknown, path = ''): string | undefined {
  const found = findLoneSurrogate(value, path);
  return found && (found.path || '(the value)');
}

/**
 * Throws a message naming the field when a decoded JSON value holds a lone surrogate. The
 * surrogate comes with the path, not from walking the path back: a key may itself hold "." or "[".
 */
export function rejectLoneSurrogates(value: unknown): void {
  const found = findLoneSurrogate(value, '');
  if (found === undefined) return;
  const esc = `\\u${found.unit.charCodeAt(0).toString(16)}`;
  const where = found.path === '' ? 'the value' : `"${found.path}"`;
  throw new Error(`${where} holds a lone surrogate (${esc}), which is not text; fix the escape in the file`);
}
