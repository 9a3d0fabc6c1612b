// JSON.parse that also accepts Python's bare NaN, Infinity and -Infinity (json.dumps with
// allow_nan, as in lm-eval-harness logs), and keeps an integer past 2^53 as its digits (a string):
// as a JavaScript number two distinct ids would become one. Tokens inside strings are left alone.

const NAN = '\u0000lengthlens:NaN';
const POS_INF = '\u0000lengthlens:Infinity';
const NEG_INF = '\u0000lengthlens:-Infinity';
const BIG_INT = '\u0000lengthlens:int:';

/** An integer literal at `i` (not part of a fraction or exponent) too large to be held exactly. */
function unsafeIntegerAt(text: string, i: number): string | undefined {
  const m = /^-?\d{16,}(?![\d.eE])/.exec(text.slice(i, i + 400));
  if (!m || /[\d.eE+-]/.test(text[i - 1] ?? '')) return undefined;
  return Number.isSafeInteger(Number(m[0])) ? undefined : m[0];
}

function replaceBareNonFinite(text: string): string {
  let out = '';
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const ch = text[i];
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ch === '"') inString = false;
      i++;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      i++;
      continue;
    }
    const big = unsafeIntegerAt(text, i);
    if (big !== undefined) {
      out += JSON.stringify(BIG_INT + big);
      i += big.length;
    } else if (text.startsWith('NaN', i)) {
      out += JSON.stringify(NAN);
      i += 3;
    } else if (text.startsWith('-Infinity', i)) {
      out += JSON.stringify(NEG_INF);
      i += 9;
    } else if (text.startsWith('Infinity', i)) {
      out += JSON.stringify(POS_INF);
      i += 8;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

export function parseTolerantJson(text: string): unknown {
  if (!/NaN|Infinity|\d{16}/.test(text)) return JSON.parse(text);
  return JSON.parse(replaceBareNonFinite(text), (_key, value: unknown) => {
    if (typeof value === 'string' && value.startsWith(BIG_INT)) return value.slice(BIG_INT.length);
    if (value === NAN) return NaN;
    if (value === POS_INF) return Infinity;
    if (value === NEG_INF) return -Infinity;
    return value;
  });
}

/** A number from a JSON number or a Python repr string ("nan", "inf", "-inf", "-41.9"). */
export function pythonNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const s = value.trim();
  if (s === 'nan' || s === 'NaN') return NaN;
  if (s === 'inf' || s === 'Infinity') return Infinity;
  if (s === '-inf' || s === '-Infinity') return -Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return NaN;
  return Number(s);
}
