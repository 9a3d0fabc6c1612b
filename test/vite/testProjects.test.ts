// The fast loop (`npm run test:fast`) and the slow project together are the whole Node suite: every
// file the slow list names exists (a renamed file would otherwise drop out of `slow` and land in
// `fast` unnoticed), and no test file is in both or in neither.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_TESTS } from '../../vitest.config';

const root = path.resolve(__dirname, '../..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return rel === 'test/browser' ? [] : testFiles(rel);
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('test projects', () => {
  it('names only test files that exist, once each', () => {
    for (const f of SLOW_TESTS) expect(fs.existsSync(path.join(root, f)), f).toBe(true);
    expect(new Set(SLOW_TESTS).size).toBe(SLOW_TESTS.length);
  });

  it('leaves the browser tests to their own config and keeps some tests fast', () => {
    const all = testFiles('test');
    expect(SLOW_TESTS.every((f) => all.includes(f))).toBe(true);
    expect(all.length - SLOW_TESTS.length).toBeGreaterThan(100);
  });
});
