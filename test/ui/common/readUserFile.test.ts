import { describe, expect, it } from 'vitest';
import { MAX_USER_FILE_BYTES, readUserFile } from '../../../src/ui/common/readUserFile';

describe('reading a file the user picked', () => {
  it('returns the text of a file within the limit', async () => {
    expect(await readUserFile(new File(['context,gold\n'], 'items.csv'))).toEqual({ ok: true, text: 'context,gold\n' });
  });

  it('refuses an oversized file before reading it, naming the size and the limit', async () => {
    let read = false;
    const big = { name: 'huge.jsonl', size: MAX_USER_FILE_BYTES + 30 * 1024 * 1024, arrayBuffer: async () => ((read = true), new ArrayBuffer(0)) };
    expect(await readUserFile(big)).toEqual({ ok: false, message: 'huge.jsonl is 80 MB; the limit is 50 MB.' });
    expect(read).toBe(false);
  });

  it('turns a read failure (file moved or unreadable) into a message instead of an unhandled rejection', async () => {
    const gone = { name: 'gone.csv', size: 10, arrayBuffer: () => Promise.reject(new Error('A requested file or directory could not be found')) };
    expect(await readUserFile(gone)).toEqual({ ok: false, message: 'gone.csv could not be read (A requested file or directory could not be found).' });
  });

  it('refuses text that is not UTF-8 with its line and byte, and drops a BOM (issue 12: 4, 15)', async () => {
    const latin1 = new File([new Uint8Array([...new TextEncoder().encode('context,gold\nQ, caf'), 0xe9, 0x0a])], 'items.csv');
    expect(await readUserFile(latin1)).toEqual({ ok: false, message: 'items.csv line 2, byte 7: not valid UTF-8 (0xE9); save the file as UTF-8.' });
    const bom = new File([new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('context,gold\n')])], 'bom.csv');
    expect(await readUserFile(bom)).toEqual({ ok: true, text: 'context,gold\n' });
  });
});
