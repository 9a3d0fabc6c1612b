// String lengths the way Python counts them: len(s) is Unicode code points, not UTF-16 units.
const encoder = new TextEncoder();

/** Python len(s): Unicode code points (an emoji is 1, not 2). */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** len(s.encode("utf-8")). */
export function utf8Bytes(s: string): number {
  return encoder.encode(s).length;
}
