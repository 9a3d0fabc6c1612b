// JSON.parse that also accepts Python's bare NaN, Infinity and -Infinity (json.dumps with
// allow_nan, as in lm-eval-harness logs). Tokens inside strings are left alone.

const NAN = '\u0000lengthlens:NaN';
const POS_INF = '\u0000lengthlens:Infinity';
const NEG_INF = '\u0000lengthlens:-Infinity';

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
    if (text.startsWith('NaN', i)) {
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
  if (!/NaN|Infinity/.test(text)) return JSON.parse(text);
  return JSON.parse(replaceBareNonFinite(text), (_key, value: unknown) => {
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
