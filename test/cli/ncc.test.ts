// Normalised contextual calibration, added as one rule file and one line of the table, in every
// output the table feeds, on the real stories260K: `score --json` (the candidate's ncc and
// unconditional_n_tokens, winners.ncc) and its table, `task --json` and `--csv` (accuracy,
// chance-normalised, Spearman), `check --model`, and a snapshot link, old ones (made before the
// rule) included.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ItemScore } from '../../src/core/scoring/types';
import type { TaskMetrics } from '../../src/core/metrics/types';
import { decodeSnapshot, encodeSnapshot, scorerSnapshot } from '../../src/state/snapshot';
import { decodeWithoutRule } from '../state/olderSnapshot';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';

const MODEL = path.join(MODELS_DIR, 'stories260K');
const ARGS = ['score', '--model', MODEL, '--context', 'Once upon a time, there was a little girl named', '--candidate', ' Lily.', '--candidate', ' Lily. She liked to play outside.', '--candidate', ' Tim.'];

async function scored(): Promise<ItemScore> {
  const r = await runInProcess([...ARGS, '--json']);
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { items: ItemScore[] }).items[0];
}

describe('acc_ncc in every output', () => {
  it('score --json and the table: the value from its inputs, the token count, the winner', async () => {
    const item = await scored();
    for (const c of item.candidates) {
      expect(c.ncc).toBe(c.sum_logprob / c.n_tokens - c.unconditional_logprob / c.unconditional_n_tokens);
      expect(Number.isInteger(c.unconditional_n_tokens) && c.unconditional_n_tokens > 0).toBe(true);
    }
    // The long answer's unconditional pass has one token more than its conditional one (13).
    expect(item.candidates.map((c) => [c.n_tokens, c.unconditional_n_tokens])).toEqual([[2, 3], [13, 14], [2, 3]]);
    const values = item.candidates.map((c) => c.ncc);
    expect(item.winners.ncc).toBe(values.indexOf(Math.max(...values)));
    const table = await runInProcess(ARGS);
    expect(table.stdout).toMatch(/ {8}ncc {2}candidate\n/);
    expect(table.stdout).toContain(`ncc=${item.winners.ncc}`);
    expect(table.stdout).toContain(item.candidates[0].ncc.toFixed(4));
  });

  it('task --json and --csv: accuracy, its stderr, the chance-normalised row and the Spearman entry', async () => {
    const json = await runInProcess(['task', '--model', MODEL, '--sample', 'stories-choice', '--json']);
    expect(json.code).toBe(0);
    const m = JSON.parse(json.stdout) as TaskMetrics;
    const acc = m.accuracies.rules.acc_ncc!;
    // 30 items: an accuracy is a multiple of 1/30, its stderr the sample std / √30.
    expect(acc.n).toBe(30);
    expect(Math.abs(acc.value * 30 - Math.round(acc.value * 30))).toBeLessThan(1e-9);
    expect(acc.stderr).toBeCloseTo(Math.sqrt((acc.value * (1 - acc.value) * 30) / 29 / 30), 12);
    expect(m.accuracies.chance_normalised.acc_ncc!.value).toBeCloseTo((acc.value - m.accuracies.chance_normalised.acc_ncc!.chance) / (1 - m.accuracies.chance_normalised.acc_ncc!.chance), 15);
    expect(m.spearman.ncc).toBeGreaterThanOrEqual(-1);
    const csv = await runInProcess(['task', '--model', MODEL, '--sample', 'stories-choice', '--csv']);
    const rows = csv.stdout.trim().split('\n');
    expect(Number(rows.find((l) => l.startsWith('all,acc_ncc,'))!.split(',')[2])).toBe(acc.value);
    expect(Number(rows.find((l) => l.startsWith('all,spearman_ncc_vs_length,'))!.split(',')[2])).toBe(m.spearman.ncc);
  });

  it('task --bits: read from n_tokens, unconditional_logprob and unconditional_n_tokens, as any rule input', async () => {
    const choice = (text: string, logprob: number, nTokens: number, unc: number, uncTokens: number) => ({ text, logprob, n_tokens: nTokens, unconditional_logprob: unc, unconditional_n_tokens: uncTokens });
    // NCC per item: (−2 − −3, −1 − −1.5) picks 0; (−1 − −0.5, −3 − −5) picks 1; (−4 − −4, −2 − −1) picks 0.
    const items = [
      { id: 'a', tokens: [[1, 2]], choices: [choice(' x', -4, 2, -6, 2), choice(' y', -1, 1, -3, 2)], gold: 0 },
      { id: 'b', tokens: [[1, 2]], choices: [choice(' x', -2, 2, -1, 2), choice(' y', -9, 3, -10, 2)], gold: 0 },
      { id: 'c', tokens: [[1, 2]], choices: [choice(' x', -8, 2, -12, 3), choice(' y', -4, 2, -2, 2)], gold: 0 },
    ];
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'll-ncc-')), 'bits.json');
    writeFileSync(file, JSON.stringify(items));
    const r = await runInProcess(['task', '--bits', file, '--json']);
    expect(r.code).toBe(0);
    const m = JSON.parse(r.stdout) as TaskMetrics;
    // Correct on a and c: 2/3, stderr √(1/3)/√3 = 1/3.
    expect(m.accuracies.rules.acc_ncc!.value).toBeCloseTo(2 / 3, 15);
    expect(m.accuracies.rules.acc_ncc!.stderr).toBeCloseTo(1 / 3, 15);
  });

  it('check --model: its accuracy and picks-shortest share beside the other rules', async () => {
    const r = await runInProcess(['check', 'test/fixtures/task-log-samples.jsonl', '--model', MODEL, '--json']);
    expect(r.code).toBe(0);
    const model = (JSON.parse(r.stdout) as { model: { rules: Record<string, { value: number; n: number }>; picks_shortest: Record<string, { successes: number; n: number }> } }).model;
    expect(Object.keys(model.rules).at(-1)).toBe('acc_ncc');
    expect(model.rules.acc_ncc).toMatchObject({ value: 0.25, n: 4 });
    expect(model.picks_shortest.acc_ncc).toMatchObject({ successes: 3, n: 4 });
  });

  it('a snapshot carries it, and a link made before the rule still opens (no winner, its values NaN)', async () => {
    const result = await scored();
    const model = { id: 'stories260K', choice: { kind: 'served' as const, name: 'stories260K' }, dtype: 'fp32' as const, device: 'cpu' as const };
    const s = scorerSnapshot(model, result, { indices: [0, 1, 2], gold: 0, unconditionalContext: '', boundaryPolicy: 'whole' });
    if (!s.ok) throw new Error(s.error);
    const enc = encodeSnapshot(s.snapshot);
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeSnapshot(enc.payload);
    if (!dec.ok || dec.snapshot.kind !== 'scorer') throw new Error('decode');
    expect(dec.snapshot.result.winners.ncc).toBe(result.winners.ncc);
    expect(dec.snapshot.result.candidates.map((c) => [c.ncc, c.unconditional_n_tokens])).toEqual(result.candidates.map((c) => [c.ncc, c.unconditional_n_tokens]));
    // The same snapshot as the app wrote it before the rule: no ncc fields, no ncc winner.
    const older = decodeWithoutRule(s.snapshot, ['ncc', 'unconditional_n_tokens'], 'ncc');
    expect(older.result.winners.ncc).toBe(-1);
    expect(older.result.candidates.every((c) => Number.isNaN(c.ncc) && Number.isNaN(c.unconditional_n_tokens))).toBe(true);
    expect(older.result.winners.acc_word).toBe(result.winners.acc_word);
    expect(older.result.candidates[1].sum_logprob).toBe(result.candidates[1].sum_logprob);
  });
});
