// The line reader `check` streams files with: line numbers as the Task lab counts them, CRLF and a
// last line without a newline, a BOM dropped, characters split across read chunks kept whole, and
// a byte that is not UTF-8 named by line and byte.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../src/cli/lines';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-lines-'));

async function all(file: string) {
  const out: { line: number; text: string }[] = [];
  for await (const l of readLines(file)) out.push(l);
  return out;
}

describe('readLines', () => {
  it('numbers lines, drops CR and one BOM, keeps a last line without a newline', async () => {
    const f = path.join(dir, 'a.jsonl');
    writeFileSync(f, '\ufeffone\r\n\ntwo\nthree');
    expect(await all(f)).toEqual([
      { line: 1, text: 'one' },
      { line: 2, text: '' },
      { line: 3, text: 'two' },
      { line: 4, text: 'three' },
    ]);
  });

  it('keeps multi-byte characters whole across the 64 KiB read chunks', async () => {
    const f = path.join(dir, 'b.jsonl');
    // 3-byte and 4-byte characters at every offset, over several chunks.
    const line = 'é€😀'.repeat(5000);
    writeFileSync(f, `${line}\n${line}\n`);
    const lines = await all(f);
    expect(lines.map((l) => l.text === line)).toEqual([true, true]);
  });

  it('a byte that is not UTF-8: one error naming the line and byte', async () => {
    const f = path.join(dir, 'c.jsonl');
    writeFileSync(f, Buffer.concat([Buffer.from('ok\nab'), Buffer.from([0xff]), Buffer.from('\n')]));
    await expect(all(f)).rejects.toThrow(/line 2, byte 3: not valid UTF-8 \(0xFF\)/);
  });

  it('a missing file or a folder is named', async () => {
    await expect(all(path.join(dir, 'nope'))).rejects.toThrow(/file not found/);
    await expect(all(dir)).rejects.toThrow(/expected a file, got a folder/);
  });
});
