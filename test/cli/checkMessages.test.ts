// Issue 41 item 16: messages that say what is wrong. A comparison --fail-on does not take, a
// pretty-printed JSON object, a label that is not a label, a 27-choice item's letters, and a
// model path that does not exist.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './inProcess';
import { expectOneLineError } from './oneLineError';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-check-msg-'));
const ITEMS = path.join(dir, 'items.jsonl');
writeFileSync(ITEMS, JSON.stringify({ id: 'a', context: 'Q', choices: ['x', 'yy'], label: 0 }) + '\n');

describe('check: messages that say what is wrong', () => {
  it('--fail-on with < (or <=, =): the check exists, and it takes > or >=', async () => {
    for (const op of ['<', '<=', '=']) {
      const r = await runInProcess(['check', ITEMS, '--fail-on', `gold_longest${op}0.5`]);
      expect(r.code).toBe(2);
      expect(expectOneLineError(r)).toBe(
        `lengthlens check: --fail-on: "gold_longest${op}0.5": a check fails when its share passes a threshold, so it takes > or >= only (e.g. gold_longest>0.35), not ${op}`,
      );
    }
    // An unknown name is still an unknown check.
    expect(expectOneLineError(await runInProcess(['check', ITEMS, '--fail-on', 'gold_long<0.5']))).toMatch(/unknown check "gold_long<0\.5"/);
  });

  it('a pretty-printed {"items": [...]} file: the object\u2019s one list is read as the items, and the report says how it was read', async () => {
    const f = path.join(dir, 'wrapped.json');
    writeFileSync(f, JSON.stringify({ items: [{ id: 'a', context: 'Q', choices: ['x', 'yy'], label: 0 }, { id: 'b', context: 'Q', choices: ['x', 'yy'], label: 1 }] }, null, 2));
    const r = await runInProcess(['check', f, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { n_items: number; schema: { id: string; format: string }; input_errors: unknown[] };
    expect(out.n_items).toBe(2);
    expect(out.schema).toMatchObject({ format: 'json' });
    expect(out.input_errors).toEqual([]);
  });

  it('"label": true is named as what it is; a 27-choice item\u2019s letters end at Z', async () => {
    const f = path.join(dir, 'labels.jsonl');
    const many = Array.from({ length: 27 }, (_, i) => `c${i}`);
    writeFileSync(f, [{ id: 'a', context: 'Q', choices: ['x', 'yy'], label: true }, { id: 'b', context: 'Q', choices: many, label: 'zz' }, { id: 'c', context: 'Q', choices: ['x', 'y'], label: 1 }].map((x) => JSON.stringify(x)).join('\n') + '\n');
    const r = await runInProcess(['check', f, '--json']);
    const errors = (JSON.parse(r.stdout) as { input_errors: { line: number; message: string }[] }).input_errors;
    expect(errors).toEqual([
      { line: 1, message: '"label" is true: give a choice index, a letter or one of the choices' },
      { line: 2, message: 'label "zz" is neither a choice index, a letter A-Z, nor one of the choices' },
    ]);
  });

  it('--model ../no-such-model: no such folder, and not a hub id', async () => {
    const r = await runInProcess(['check', ITEMS, '--model', '../no-such-model']);
    expect(r.code).toBe(1);
    expect(expectOneLineError(r)).toBe(`lengthlens check: no folder "../no-such-model" (${path.resolve('../no-such-model')} does not exist), and it is not a hub id: a hub id is "org/name", without "." or ".." parts`);
  });
});
