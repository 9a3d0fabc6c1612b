// Adding a scoring rule is one row of the rule table: a rule registered here (per word: the sum
// divided by whitespace-separated words) shows up, with no other file changed, in the Scorer's
// candidates and winners, the Task lab's accuracies and Spearman list, the CSV exports and the
// CLI's JSON and tables (run in this process on the real stories260K model).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemResultsToCsv, metricsToCsv } from '../../../src/core/formats/metricsExport';
import { accuracyReport } from '../../../src/core/metrics/accuracy';
import { itemResults } from '../../../src/core/metrics/itemResults';
import { taskMetrics } from '../../../src/core/metrics/taskMetrics';
import type { MeanWithStderr, ScoredItem } from '../../../src/core/metrics/types';
import { ACCURACY_RULES } from '../../../src/core/metrics/types';
import { candidateScore } from '../../../src/core/scoring/candidate';
import { candidateScoreFields, choiceText, registerRule, RULE_TABLE, SCORE_COLUMNS, type ScoringRule } from '../../../src/core/scoring/rules';
import type { TokenScore } from '../../../src/core/scoring/types';
import { RULES, winners } from '../../../src/core/scoring/winners';
import { runInProcess } from '../../cli/inProcess';
import { MODELS_DIR } from '../../paths';
import { RULE_LABEL, RULE_ORDER } from '../../../src/ui/scorer/format';

/** A registered rule's entry (its names are not in the built-in types). */
const get = <T,>(o: object, key: string) => (o as Record<string, T | undefined>)[key];

const words = (s: string) => s.trim().split(/\s+/).filter((w) => w.length > 0).length;

// The table before the new rule (a rule added to the table itself changes none of these tests).
const BUILT_IN_WINNERS = Object.keys(RULES);
const BUILT_IN_ITEMS = SCORE_COLUMNS.map((r) => r.names.item);

const PER_WORD: ScoringRule = {
  id: 'acc_per_word',
  names: { winner: 'per_word', candidate: 'per_word', item: 'per_word' },
  decides: true,
  column: Math.max(...RULE_TABLE.map((r) => r.column)) + 1,
  label: 'per word',
  phrase: 'per-word',
  title: 'Sum divided by the number of whitespace-separated words',
  accuracyLabel: 'acc per word',
  unit: 'nats/word',
  higherIsBetter: true,
  needs: ['text'],
  score: (c) => c.logprob / words(choiceText(c)!),
};

/** Token scores of a candidate whose summed log-prob is `logprob` (one token per byte-range given). */
function tokensOf(text: string, logprob: number): TokenScore[] {
  const n = Buffer.byteLength(text);
  return [{ id: 1, piece: text, text, bytes: [0, n], logprob, bits: -logprob / Math.LN2, rank: 1, entropy: 1, top: [], greedy: false }];
}

function candidate(text: string, logprob: number) {
  return candidateScore({ text, continuation: text, tokens: tokensOf(text, logprob), unconditionalLogprob: logprob - 1, boundary: 'ok', opts: { mu: 111 } });
}

// Three two-choice items. acc picks the shorter choice every time; per word picks choice 0, 1, 1.
const ITEMS: ScoredItem[] = [
  { id: 'a', choices: [{ text: ' a b c', logprob: -6, nTokens: 3 }, { text: ' d', logprob: -3, nTokens: 1 }], gold: 0 },
  { id: 'b', choices: [{ text: ' x y', logprob: -4, nTokens: 2 }, { text: ' z', logprob: -1.5, nTokens: 1 }], gold: 1 },
  { id: 'c', choices: [{ text: ' one two three four', logprob: -10, nTokens: 4 }, { text: ' five six', logprob: -4.4, nTokens: 2 }], gold: 0 },
];
// Per-word correctness 1, 1, 0: mean 2/3, sample std / √n = √(1/3) / √3 = 1/3.
const ACC_PER_WORD = 2 / 3;
const STDERR = 1 / 3;

let unregister: () => void;
beforeAll(() => {
  unregister = registerRule(PER_WORD);
});
afterAll(() => unregister());

describe('a registered scoring rule', () => {
  it("is in the Scorer's candidates and winners", () => {
    expect(RULE_TABLE.at(-1)!.id).toBe('acc_per_word');
    expect(Object.keys(RULES)).toEqual([...BUILT_IN_WINNERS, 'per_word']);
    // Raw sum (and per token: one token each) picks " q", per char and per byte " abcdefghij",
    // PMI (1 nat each) its first maximum; per word alone picks " a b".
    const cands = [candidate(' abcdefghij', -5.5), candidate(' a b', -4), candidate(' q', -3)];
    expect(cands.map((c) => get<number>(c, 'per_word'))).toEqual([-5.5, -2, -3]);
    // The new field comes after the table's other columns.
    const keys = Object.keys(cands[0]);
    expect(keys.indexOf('per_word')).toBe(keys.indexOf(candidateScoreFields().at(-2)!) + 1);
    const w = winners(cands);
    expect(w).toMatchObject({ acc: 2, acc_norm: 0, acc_bytes: 0, per_token: 2, pmi: 0, per_word: 1 });
    // The Scorer's banner and comparison read the same live views (no copy taken at load).
    expect(RULE_ORDER.at(-1)).toBe('per_word');
    expect(RULE_LABEL[RULE_ORDER.at(-1)!]).toBe('per-word');
  });

  it("is in the Task lab's accuracies, quintiles, per-item scores and Spearman list", () => {
    expect(ACCURACY_RULES).toContain('acc_per_word');
    const a = accuracyReport(ITEMS);
    expect(a.rules.acc!.value).toBeCloseTo(1 / 3, 15);
    expect(get<MeanWithStderr>(a.rules, 'acc_per_word')!.value).toBeCloseTo(ACC_PER_WORD, 15);
    expect(get<MeanWithStderr>(a.rules, 'acc_per_word')!.stderr).toBeCloseTo(STDERR, 15);
    expect(get<{ value: number }>(a.chance_normalised, 'acc_per_word')!.value).toBeCloseTo((ACC_PER_WORD - 0.5) / 0.5, 15);
    const m = taskMetrics(ITEMS);
    expect(get<MeanWithStderr>(m.accuracies.rules, 'acc_per_word')!.value).toBeCloseTo(ACC_PER_WORD, 15);
    // Gold per-word scores -2, -1.5, -2.5 against gold lengths 6, 2, 19 bytes: ranks (2, 3, 1)
    // against (2, 1, 3), ρ = 1 − 6·8/(3·8) = −1.
    expect(get<number>(m.spearman, 'per_word')).toBeCloseTo(-1, 12);
    const bins = m.quintiles.bins.filter((b) => b.n > 0);
    expect(bins.every((b) => get<number>(b.accuracy, 'acc_per_word') !== undefined)).toBe(true);
    expect(bins.reduce((s, b) => s + b.n * get<number>(b.accuracy, 'acc_per_word')!, 0) / 3).toBeCloseTo(ACC_PER_WORD, 15);
    expect(SCORE_COLUMNS.map((r) => r.names.item)).toEqual([...BUILT_IN_ITEMS, 'per_word']);
  });

  it('is in the metrics CSV and the per-item CSV', () => {
    const csv = metricsToCsv(taskMetrics(ITEMS)).trim().split('\n');
    const row = (metric: string) => csv.find((l) => l.startsWith(`all,${metric},`))?.split(',');
    expect(Number(row('acc_per_word')![2])).toBeCloseTo(ACC_PER_WORD, 15);
    expect(Number(row('acc_per_word')![3])).toBeCloseTo(STDERR, 15);
    expect(Number(row('chance_normalised_acc_per_word')![2])).toBeCloseTo(1 / 3, 15);
    expect(Number(row('spearman_per_word_vs_length')![2])).toBeCloseTo(-1, 12);
    const items = itemResultsToCsv(itemResults(ITEMS)).trim().split('\n');
    const header = items[0].split(',');
    expect(header).toContain('pred_acc_per_word');
    expect(header.at(-1)).toBe('gold_per_word');
    const col = (name: string) => items.slice(1).map((l) => l.split(',')[header.indexOf(name)]);
    expect(col('pred_acc_per_word')).toEqual(['0', '1', '1']);
    expect(col('correct_acc_per_word')).toEqual(['1', '1', '0']);
    expect(col('gold_per_word').map(Number)).toEqual([-2, -1.5, -2.5]);
  });

  it('is in `lengthlens score --json` and its table, on the real model', async () => {
    const model = path.join(MODELS_DIR, 'stories260K');
    const args = ['score', '--model', model, '--context', 'Lily went to the', '--candidate', ' park', '--candidate', ' big park with her mom', '--candidate', ' store'];
    const r = await runInProcess([...args, '--json']);
    expect(r.code).toBe(0);
    const item = JSON.parse(r.stdout).items[0] as { candidates: Record<string, number>[]; winners: Record<string, number> };
    const perWord = item.candidates.map((c) => c.sum_logprob / words(String(c.text)));
    item.candidates.forEach((c, i) => expect(c.per_word).toBe(perWord[i]));
    expect(Object.keys(item.winners)).toEqual([...BUILT_IN_WINNERS, 'per_word']);
    expect(item.winners.per_word).toBe(perWord.indexOf(Math.max(...perWord)));
    const table = await runInProcess(args);
    expect(table.stdout).toMatch(/ {3}per_word {2}candidate\n/);
    expect(table.stdout).toContain(`per_word=${item.winners.per_word}`);
  });

  it('is in `lengthlens task --json` and `--csv`', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'll-rule-'));
    const file = path.join(dir, 'items.json');
    const bits = ITEMS.map((it) => {
      const gold = it.choices[it.gold as number];
      return { id: it.id, text: gold.text, tokens: [[-gold.logprob / Math.LN2, Buffer.byteLength(gold.text!)]], choices: it.choices.map((c) => ({ text: c.text, logprob: c.logprob })), gold: it.gold };
    });
    writeFileSync(file, JSON.stringify(bits));
    const json = await runInProcess(['task', '--bits', file, '--json']);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.accuracies.rules.acc_per_word.value).toBeCloseTo(ACC_PER_WORD, 15);
    expect(out.spearman.per_word).toBeCloseTo(-1, 12);
    const csv = await runInProcess(['task', '--bits', file, '--csv']);
    expect(csv.stdout).toMatch(/^all,acc_per_word,0\.666666666666666\d*,0\.333333333333333\d*$/m);
  });

  it('can be removed again, and a clashing name is refused', () => {
    const extra: ScoringRule = { ...PER_WORD, id: 'acc_extra', names: { winner: 'extra', candidate: 'extra', item: 'extra' }, column: PER_WORD.column + 1 };
    const remove = registerRule(extra);
    expect(Object.keys(RULES)).toContain('extra');
    remove();
    expect(Object.keys(RULES)).not.toContain('extra');
    expect(ACCURACY_RULES).not.toContain('acc_extra');
    expect(() => registerRule({ ...PER_WORD, id: 'acc_other', names: { winner: 'pmi', candidate: 'x', item: 'x' } })).toThrow(/"pmi" is already taken/);
  });
});
