// Issue 41 item 12: `check --model` on a file where one item has an empty choice: PMI, the
// whole-word rule and choices-only are reported on the other items (the same numbers as a check
// of those items alone), and the item that could not be scored is named.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-check-empty-'));
const MODEL = path.join(MODELS_DIR, 'stories260K');
const ITEMS = [
  { id: '1', context: 'Once upon a time, there was a little', choices: [' girl', ' dog named Max', ' tree'], label: 0 },
  { id: 'empty', context: 'The sun was', choices: [' shining', '', ' sad'], label: 0 },
  { id: '3', context: 'Lily wanted to', choices: [' play', ' go to the park with her mom', ' eat'], label: 1 },
];

function write(name: string, items: unknown[]): string {
  const f = path.join(dir, name);
  writeFileSync(f, items.map((x) => JSON.stringify(x)).join('\n') + '\n');
  return f;
}

interface ModelOut {
  model: { rules: Record<string, { value: number; n: number }>; choices_only?: { accuracy: { successes: number; n: number }; chance: number }; notes: string[] };
  notes: string[];
}

describe('check --model with an empty choice', () => {
  it('reports PMI, the whole-word rule and choices-only on the rest, and names the item', async () => {
    const all = await runInProcess(['check', write('all.jsonl', ITEMS), '--model', MODEL, '--json', '--fail-on', 'choices_only>0.99']);
    expect(all.code, all.stderr).toBe(0);
    const rest = await runInProcess(['check', write('rest.jsonl', [ITEMS[0], ITEMS[2]]), '--model', MODEL, '--json']);
    const a = JSON.parse(all.stdout) as ModelOut;
    const r = JSON.parse(rest.stdout) as ModelOut;
    for (const rule of ['acc_mutual_info', 'acc_word']) {
      expect(a.model.rules[rule], rule).toMatchObject({ n: 2, value: r.model.rules[rule].value });
      expect(a.notes).toContain(`model: ${rule} is reported on 2 of 3 items: it cannot decide 1 (a choice without the score it needs, e.g. an empty choice): "empty"`);
    }
    expect(a.model.rules.acc.n).toBe(3);
    expect(a.model.choices_only!.accuracy).toMatchObject({ n: 2, successes: r.model.choices_only!.accuracy.successes });
    expect(a.model.choices_only!.chance).toBeCloseTo(1 / 3, 12);
    expect(a.notes).toContain('model: choices-only accuracy is reported on 2 of 3 items: in 1 a choice has no score on the empty context (e.g. an empty choice): "empty"');
    expect(a.notes.join('\n')).not.toMatch(/needs each choice scored on the unconditional context \(a model run/);
  }, 180_000);
});
