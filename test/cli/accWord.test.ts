// acc_word in every output the rule table feeds, on the real stories260K: `score --json` (the
// candidate's word_logprob and word_final_logprob, winners.acc_word) and its table, `task --json`
// and `--csv` (accuracy, stderr, chance-normalised, Spearman), and a snapshot
// link, old ones (made before the field) included.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ItemScore } from '../../src/core/scoring/types';
import type { TaskMetrics } from '../../src/core/metrics/types';
import { decodeSnapshot, encodeSnapshot, scorerSnapshot } from '../../src/state/snapshot';
import { decodeWithoutRule } from '../state/olderSnapshot';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';

const MODEL = path.join(MODELS_DIR, 'stories260K');
const ARGS = ['score', '--model', MODEL, '--context', 'The dog ran to the', '--candidate', ' par', '--candidate', ' park'];

describe('acc_word in every output', () => {
  it('score --json and the table: the term, the rule and its winner', async () => {
    const r = await runInProcess([...ARGS, '--json']);
    expect(r.code).toBe(0);
    const item = (JSON.parse(r.stdout) as { items: ItemScore[] }).items[0];
    for (const c of item.candidates) {
      expect(c.word_logprob).toBe(c.sum_logprob + c.word_final_logprob);
      expect(c.word_final_logprob).toBeLessThan(0);
    }
    // " par" wins the raw sum; ending the word there costs it 9.8 nats more than " park".
    expect(item.winners).toMatchObject({ acc: 0, acc_word: 1 });
    expect(item.candidates[1].word_final_logprob - item.candidates[0].word_final_logprob).toBeGreaterThan(9);
    const table = await runInProcess(ARGS);
    expect(table.stdout).toMatch(/prior_bpb {3}acc_word {2}/);
    expect(table.stdout).toContain('acc_word=1');
  });

  it('task --json and --csv: accuracy, its stderr, the chance-normalised row and the Spearman entry', async () => {
    const json = await runInProcess(['task', '--model', MODEL, '--sample', 'stories-choice', '--json']);
    expect(json.code).toBe(0);
    const m = JSON.parse(json.stdout) as TaskMetrics;
    const acc = m.accuracies.rules.acc_word!;
    // 30 items: an accuracy is a multiple of 1/30, its stderr the sample std / √30.
    expect(Math.abs(acc.value * 30 - Math.round(acc.value * 30))).toBeLessThan(1e-9);
    expect(acc.stderr).toBeCloseTo(Math.sqrt((acc.value * (1 - acc.value) * 30) / 29 / 30), 12);
    expect(m.spearman.word_logprob).toBeDefined();
    const csv = await runInProcess(['task', '--model', MODEL, '--sample', 'stories-choice', '--csv']);
    const rows = csv.stdout.trim().split('\n');
    const row = rows.find((l) => l.startsWith('all,acc_word,'))!.split(',');
    expect(Number(row[2])).toBe(acc.value);
    expect(rows.some((l) => l.startsWith('all,chance_normalised_acc_word,'))).toBe(true);
  });

  it('a snapshot carries it, and a link made before it still opens (term not computed, no winner)', async () => {
    const r = await runInProcess([...ARGS, '--json']);
    const result = (JSON.parse(r.stdout) as { items: ItemScore[] }).items[0];
    const model = { id: 'stories260K', choice: { kind: 'served' as const, name: 'stories260K' }, dtype: 'fp32' as const, device: 'cpu' as const };
    const s = scorerSnapshot(model, result, { indices: [0, 1], gold: 1, unconditionalContext: '', boundaryPolicy: 'whole' });
    if (!s.ok) throw new Error(s.error);
    const enc = encodeSnapshot(s.snapshot);
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeSnapshot(enc.payload);
    if (!dec.ok || dec.snapshot.kind !== 'scorer') throw new Error('decode');
    expect(dec.snapshot.result.winners.acc_word).toBe(1);
    expect(dec.snapshot.result.candidates.map((c) => c.word_logprob)).toEqual(result.candidates.map((c) => c.word_logprob));
    // The same snapshot as an older app wrote it: no word fields, no acc_word winner.
    const older = decodeWithoutRule(s.snapshot, ['word_logprob', 'word_final_logprob'], 'acc_word');
    expect(older.result.winners.acc_word).toBe(-1);
    expect(older.result.candidates.every((c) => Number.isNaN(c.word_logprob) && Number.isNaN(c.word_final_logprob))).toBe(true);
    expect(older.result.candidates[0].sum_logprob).toBe(result.candidates[0].sum_logprob);
  });
});
