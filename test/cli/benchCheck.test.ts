// `lengthlens bench --check FILE`: on a small hand-written MMLU-hub Parquet file (4 row groups),
// the bench reports the file's items, positive times and memory, the first quarter and half of its
// rows as well, and the same figures as a direct `check --json` of the file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import { checkFigures, type CheckBenchRow } from '../../src/cli/commands/benchCheck';
import { runInProcess } from './inProcess';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-bench-check-'));

describe('bench --check', () => {
  it('a 40-row Parquet file: 40 items, times and peak memory positive, 10/20/40 rows, the figures of check --json', async () => {
    const n = 40;
    const subjects = Array.from({ length: n }, (_, i) => (i % 2 ? 'physics' : 'law'));
    // The gold (answer) is the longest choice in every third item; one exact duplicate pair.
    const choices = Array.from({ length: n }, (_, i) => (i === 5 ? ['same', 'same', 'c', 'dd'] : ['a', 'bb', 'ccc', 'dddd'].map((c) => `${c}${i}`)));
    const answers = Array.from({ length: n }, (_, i) => BigInt(i % 3 === 0 ? 3 : i % 4));
    const writer = new ByteWriter();
    parquetWrite({
      writer,
      rowGroupSize: 10,
      columnData: [
        { name: 'question', data: subjects.map((_, i) => `question ${i}?`) },
        { name: 'subject', data: subjects },
        { name: 'choices', data: choices },
        { name: 'answer', data: answers, type: 'INT64' },
      ],
    });
    const file = path.join(dir, 'test-00000-of-00001.parquet');
    writeFileSync(file, new Uint8Array(writer.getBuffer()));
    const out = path.join(dir, 'bench-check.json');

    const bench = await runInProcess(['bench', '--check', file, '--json', '--out', out]);
    expect(bench.code, bench.stderr).toBe(0);
    const report = JSON.parse(bench.stdout) as { check: CheckBenchRow[]; memory: string };
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(report);
    expect(report.memory).toMatch(/maxRSS/);
    const [row] = report.check;
    expect(row.items).toBe(n);
    for (const x of [row.check_s, row.check_cpu_s, row.process_s, row.peak_rss_mib, row.start_rss_mib]) expect(x).toBeGreaterThan(0);
    expect(row.peak_rss_mib).toBeGreaterThanOrEqual(row.start_rss_mib);
    expect(row.flat!.map((f) => f.rows)).toEqual([10, 20, 40]);
    for (const f of row.flat!) expect(f.peak_rss_mib).toBeGreaterThan(0);

    const direct = await runInProcess(['check', file, '--json']);
    expect(direct.code).toBe(0);
    const figures = checkFigures(JSON.parse(direct.stdout));
    expect(row.figures).toEqual(figures);
    expect(figures).toMatchObject({ n_items: n, choice_counts: { '4': n }, duplicates_exact: 1, input_errors: 0 });
    // The gold is a longest choice where it is 'dddd…' (i % 3 is 0, or i % 4 is 3) and in item 5 ('same', tied longest): 21 items.
    const longest = Array.from({ length: n }, (_, i) => i === 5 || i % 3 === 0 || i % 4 === 3).filter(Boolean).length;
    expect(longest).toBe(21);
    expect(figures.gold_longest.successes).toBe(longest);
  }, 120_000);

  it('a file that is not there is named before any work', async () => {
    const r = await runInProcess(['bench', '--check', path.join(dir, 'nope.parquet')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/no file .*nope\.parquet to check/);
  });
});
