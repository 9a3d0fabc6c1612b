import { describe, expect, it } from 'vitest';
import { MAX_USER_FILE_BYTES, readUserFile } from '../../../src/ui/common/readUserFile';

describe('reading a file the user picked', () => {
  it('returns the text of a file within the limit', async () => {
    expect(await readUserFile(new File(['context,gold\n'], 'items.csv'))).toEqual({ ok: true, text: 'context,gold\n' });
  });

  it('refuses an oversized file before reading it, naming the size and the limit', async () => {
    let read = false;
    const big = { name: 'huge.jsonl', size: MAX_USER_FILE_BYTES + 30 * 1024 * 1024, text: async () => ((read = true), '') };
    expect(await readUserFile(big)).toEqual({ ok: false, message: 'huge.jsonl is 80 MB; the limit is 50 MB.' });
    expect(read).toBe(false);
  });

  it('turns a read failure (file moved or unreadable) into a message instead of an unhandled rejection', async () => {
    const gone = { name: 'gone.csv', size: 10, text: () => Promise.reject(new Error('A requested file or directory could not be found')) };
    expect(await readUserFile(gone)).toEqual({ ok: false, message: 'gone.csv could not be read (A requested file or directory could not be found).' });
  });
});
