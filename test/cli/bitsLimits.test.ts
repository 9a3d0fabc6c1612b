// `task --bits` with one token of 1e15 bytes: a one-line error naming the item and the limit, at once.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from './run';
import { expectOneLineError } from './oneLineError';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lengthlens-bits-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('task --bits with absurd byte counts', () => {
  it('refuses 1e15 bytes with a clear message instead of crashing', () => {
    const file = path.join(tmp, 'huge.json');
    fs.writeFileSync(file, '[[[1.5, 3], [2.0, 1e15]]]');
    const t0 = Date.now();
    const r = runCli(['task', '--bits', file, '--json']);
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(r.code).toBe(1); // bad input, not a bad command line
    expect(expectOneLineError(r)).toBe(`lengthlens task: ${file}: item 1: token 2: bytes 1000000000000000 is more than any token covers (the limit is 4096)`);
  });
});
