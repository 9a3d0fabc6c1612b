// Python literals as lm-eval-harness reads a rendered template with `ast.literal_eval`: lists and
// tuples, quoted strings (single or double quotes, with escapes), integers, floats, True, False,
// None. A Jinja renderer in JavaScript writes a list as JSON (["a", "b"]), Python as its repr
// (['a', 'b']); both read the same here.

export type PythonLiteral = string | number | boolean | null | PythonLiteral[];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', '/': '/' };

/** Parses `text` as one Python literal; throws a message naming the character at fault. */
export function parsePythonLiteral(text: string): PythonLiteral {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`not a Python literal: ${what} at character ${i + 1}`);
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const value = (): PythonLiteral => {
    space();
    const ch = text[i];
    if (ch === '[' || ch === '(') {
      const close = ch === '[' ? ']' : ')';
      i++;
      const out: PythonLiteral[] = [];
      space();
      while (text[i] !== close) {
        out.push(value());
        space();
        if (text[i] === ',') {
          i++;
          space();
        } else if (text[i] !== close) fail(i >= text.length ? `"${close}" missing` : `"${text[i]}"`);
      }
      i++;
      return out;
    }
    if (ch === '"' || ch === "'") return quoted(ch);
    const word = /^(True|False|None|[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)/.exec(text.slice(i));
    if (!word) return fail(i >= text.length ? 'the end' : `"${ch}"`);
    i += word[0].length;
    if (word[0] === 'True') return true;
    if (word[0] === 'False') return false;
    if (word[0] === 'None') return null;
    return Number(word[0]);
  };
  const quoted = (q: string): string => {
    i++;
    let s = '';
    while (i < text.length && text[i] !== q) {
      if (text[i] !== '\\') {
        s += text[i++];
        continue;
      }
      const e = text[i + 1];
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex) {
        const h = text.slice(i + 2, i + 2 + hex);
        if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(h)) fail(`a bad \\${e} escape`);
        s += String.fromCodePoint(parseInt(h, 16));
        i += 2 + hex;
      } else if (e !== undefined && e in ESCAPES) {
        s += ESCAPES[e];
        i += 2;
      } else {
        // Python keeps an unknown escape as written.
        s += '\\';
        i++;
      }
    }
    if (i >= text.length) fail('a string never closed');
    i++;
    return s;
  };
  const out = value();
  space();
  if (i < text.length) fail(`"${text[i]}" after the literal`);
  return out;
}
