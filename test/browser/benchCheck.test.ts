// The Chromium half of `lengthlens bench --check` (scripts/bench-check-browser.ts) on a small
// hand-written MMLU-hub Parquet file: the Task lab shows its 40 items, and the drop-to-Check-view
// time and the renderer's peak memory are positive numbers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import { measureCheckInChromium } from '../../scripts/bench-check-browser';
import { baseUrl } from './chromium';

describe('bench --check in Chromium', () => {
  it('a 40-row Parquet file dropped on the Task lab: 40 items, the Check view drawn, time and memory measured', async () => {
    const n = 40;
    const writer = new ByteWriter();
    parquetWrite({
      writer,
      rowGroupSize: 10,
      columnData: [
        { name: 'question', data: Array.from({ length: n }, (_, i) => `question ${i}?`) },
        { name: 'subject', data: Array.from({ length: n }, (_, i) => (i % 2 ? 'physics' : 'law')) },
        { name: 'choices', data: Array.from({ length: n }, (_, i) => ['a', 'bb', 'ccc', 'dddd'].map((c) => `${c}${i}`)) },
        { name: 'answer', data: Array.from({ length: n }, (_, i) => BigInt(i % 4)), type: 'INT64' },
      ],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lengthlens-bench-check-ui-')), 'test-00000-of-00001.parquet');
    writeFileSync(file, new Uint8Array(writer.getBuffer()));
    const row = await measureCheckInChromium(baseUrl(), file, 120_000);
    expect(row.items).toBe(n);
    expect(row.check_s).toBeGreaterThan(0);
    expect(row.renderer_peak_rss_mib).toBeGreaterThan(0);
    if (row.page_memory_mib !== null) expect(row.page_memory_mib).toBeGreaterThan(0);
  }, 180_000);
});
