// Field paths into a record, as `check --context/--choices/--gold/--id/--subset` take them and as
// the schema table reports its mapping: dotted keys, `[n]` for one element of a list, `[*]` for
// every element (`question.choices[*].text`); a headerless CSV row is a list (`[0]`).

export type PathStep = { key: string } | { index: number } | { all: true };

/** Parses one path; throws a message naming what is wrong and where. */
export function parsePath(path: string): PathStep[] {
  const steps: PathStep[] = [];
  if (path.trim() === '') throw new Error('a field path is empty');
  let i = 0;
  let expectKey = true;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) throw new Error(`field path "${path}": "[" at character ${i + 1} is never closed`);
      const inner = path.slice(i + 1, close).trim();
      if (inner === '*') steps.push({ all: true });
      else if (/^\d+$/.test(inner)) steps.push({ index: Number(inner) });
      else throw new Error(`field path "${path}": "[${inner}]" is neither [*] nor a list index such as [0]`);
      i = close + 1;
      expectKey = false;
      continue;
    }
    if (ch === '.') {
      if (expectKey || i === path.length - 1) throw new Error(`field path "${path}": an empty name at character ${i + 1}`);
      i++;
      expectKey = true;
      continue;
    }
    if (ch === ']') throw new Error(`field path "${path}": "]" at character ${i + 1} has no "["`);
    if (!expectKey) throw new Error(`field path "${path}": a name must follow "." at character ${i + 1}`);
    let j = i;
    while (j < path.length && path[j] !== '.' && path[j] !== '[' && path[j] !== ']') j++;
    steps.push({ key: path.slice(i, j) });
    i = j;
    expectKey = false;
  }
  return steps;
}

/** The path as text: parsePath(formatPath(s)) equals s for every key without ".", "[" or "]". */
export function formatPath(steps: readonly PathStep[]): string {
  let out = '';
  for (const s of steps) {
    if ('key' in s) out += (out === '' ? '' : '.') + s.key;
    else if ('index' in s) out += `[${s.index}]`;
    else out += '[*]';
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every value the path reaches, in order ([*] fans out over a list); [] when it reaches none. */
export function getPath(value: unknown, steps: readonly PathStep[]): unknown[] {
  let at: unknown[] = [value];
  for (const s of steps) {
    const next: unknown[] = [];
    for (const v of at) {
      if ('key' in s) {
        if (isObject(v) && Object.prototype.hasOwnProperty.call(v, s.key)) next.push(v[s.key]);
      } else if ('index' in s) {
        if (Array.isArray(v) && s.index < v.length) next.push(v[s.index]);
      } else if (Array.isArray(v)) next.push(...(v as unknown[]));
    }
    at = next;
  }
  return at;
}

/** Whether the path can reach more than one value (it has a [*]). */
export function fansOut(steps: readonly PathStep[]): boolean {
  return steps.some((s) => 'all' in s);
}
