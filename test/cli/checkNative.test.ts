// `lengthlens check` on the real published benchmark files (../shared/reference/native, read at
// test time): its figures equal figures computed independently from the raw strings. For JSON,
// CSV, TSV and gzip files those come from Python's own readers (test/fixtures/make/
// native_check_expected.py → native-check-expected.json); for the Parquet files, from hyparquet's
// rows with a few lines of counting here (no lengthlens code).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parquetReadObjects } from 'hyparquet';
import { runInProcess } from './inProcess';
import { EXPECTED, expectFigures, type NativeFigures } from './nativeFigures';
import { NATIVE_DIR } from '../paths';

interface Out extends NativeFigures {
  pairs?: { n_pairs: number; n_tied: number; chosen_longer: { successes: number; n: number } };
}

async function check(file: string, ...args: string[]): Promise<Out> {
  const r = await runInProcess(['check', path.join(NATIVE_DIR, file), ...args, '--json']);
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Out;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The Python script's figures, computed here from (choices, gold) pairs. */
function figures(items: [string[], number][]): Record<string, unknown> {
  const counts: Record<string, number> = {};
  let gl = 0, gs = 0, bl = 0, bs = 0, dup = 0, el = 0, es = 0, chance = 0;
  for (const [choices, gold] of items) {
    const k = choices.length;
    counts[k] = (counts[k] ?? 0) + 1;
    if (new Set(choices).size < k) dup++;
    const lens = choices.map(bytes);
    const max = Math.max(...lens);
    const min = Math.min(...lens);
    const longest = lens.flatMap((n, i) => (n === max ? [i] : []));
    const shortest = lens.flatMap((n, i) => (n === min ? [i] : []));
    if (longest.includes(gold)) gl++;
    if (shortest.includes(gold)) gs++;
    el += longest.length / k;
    es += shortest.length / k;
    if (longest[0] === gold) bl++;
    if (shortest[0] === gold) bs++;
    chance += 1 / k;
  }
  const n = items.length;
  return {
    n_items: n, choice_counts: counts, gold_longest: gl, gold_longest_expected: el / n, gold_shortest: gs, gold_shortest_expected: es / n,
    baseline_longest: bl, baseline_shortest: bs, baseline_expected: chance / n, duplicates_exact: dup,
  };
}


const LABELS: Record<string, string[]> = {
  'piqa/valid.jsonl': ['--labels', path.join(NATIVE_DIR, 'piqa/valid-labels.lst')],
  'siqa/dev.jsonl': ['--labels', path.join(NATIVE_DIR, 'siqa/dev-labels.lst')],
};

describe.skipIf(!existsSync(NATIVE_DIR))('check on the published files: figures computed independently', () => {
  for (const [file, want] of Object.entries(EXPECTED)) {
    it(file, async () => {
      const out = await check(file, ...(LABELS[file] ?? []));
      if ('n_pairs' in want) {
        expect(out.pairs).toMatchObject({ n_pairs: want.n_pairs, n_tied: want.tied, chosen_longer: { successes: want.chosen_longer, n: (want.chosen_longer as number) + (want.rejected_longer as number) } });
      } else expectFigures(out, want);
    }, 60_000);
  }

  const PARQUET: [string, (r: Record<string, unknown>) => [string[], number]][] = [
    ['mmlu/hf-mmlu_no_train-all-validation-00000-of-00001.parquet', (r) => [r.choices as string[], Number(r.answer)]],
    ['mmlu/hf-mmlu_no_train-all-test-00000-of-00001.parquet', (r) => [r.choices as string[], Number(r.answer)]],
    ['mmlu-pro/validation-00000-of-00001.parquet', (r) => [r.options as string[], Number(r.answer_index)]],
    ['mmlu-pro/test-00000-of-00001.parquet', (r) => [r.options as string[], Number(r.answer_index)]],
  ];
  for (const [file, item] of PARQUET) {
    it(file, async () => {
      const buf = readFileSync(path.join(NATIVE_DIR, file));
      const rows = await parquetReadObjects({ file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) });
      expectFigures(await check(file), figures(rows.map(item)));
    }, 120_000);
  }
});
