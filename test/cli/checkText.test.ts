// `lengthlens check`'s text report reaches terminals and CI logs: an id (or a file name) holding a
// line break cannot forge a report line, and ANSI escapes (ESC[2K ESC[1A, or the one-byte CSI
// U+009B) cannot erase lines: such strings are JSON-quoted, as the why lines quote choices.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './inProcess';

const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-checktext-'));

describe('check (text): ids cannot forge lines or drive the terminal', () => {
  it('a newline, ESC and CSI in ids, choices and the file name come out escaped', async () => {
    const forged = 'x\n  [ok  ] Duplicate choices: no item has two identical choices';
    const ansi = '\u001b[2K\u001b[1Ay';
    const csi = '\u009b2Kz\u202e';
    const file = path.join(dir, 'f\u001b[1A\nname.jsonl');
    writeFileSync(
      file,
      [forged, ansi, csi].map((id) => JSON.stringify({ id, context: 'Q', choices: [`d${id}`, `d${id}`, 'longer one'], label: 2 })).join('\n') + '\n',
    );
    const r = await runInProcess(['check', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\u001b\u009b\u202e]/);
    const lines = r.stdout.split('\n');
    // The only "Duplicate choices" line is the real finding; the forged one is inside a quoted id.
    expect(lines.filter((l) => /^\s*\[[a-zA-Z ]+\] Duplicate choices:/.test(l))).toEqual(['  [FLAG] Duplicate choices: 3 items of 3 have two identical choices']);
    expect(lines[0]).toBe(`lengthlens check: ${JSON.stringify(file).replace('\\u001b', '\\u001b')}`);
    expect(r.stdout).toContain(`           ${JSON.stringify(forged)}: choices A and B are both`);
    expect(r.stdout).toContain('           "\\u001b[2K\\u001b[1Ay": choices A and B are both "d\\u001b[2K\\u001b[1Ay"');
    expect(r.stdout).toContain('           "\\u009b2Kz\\u202e": choices A and B are both "d\\u009b2Kz\\u202e"');
  });

  it('a skipped line\u2019s message on stderr quotes the file\u2019s text escaped (a duplicate id holding ESC and a newline)', async () => {
    const file = path.join(dir, 'dup.jsonl');
    const id = 'z\u001b[2K\nwarning: all good';
    writeFileSync(file, [id, id].map((i) => JSON.stringify({ id: i, context: 'Q', choices: ['a', 'bb'], label: 0 })).join('\n') + '\n');
    const r = await runInProcess(['check', file]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/[\u001b]/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('line 2: duplicate id "z\\u001b[2K\\u000awarning: all good" (the first one is kept)');
  });

  it('a plain id prints as is', async () => {
    const file = path.join(dir, 'plain.jsonl');
    writeFileSync(file, JSON.stringify({ id: 'q-1 (b)', context: 'Q', choices: ['a', 'a', 'bb'], label: 2 }) + '\n');
    const r = await runInProcess(['check', file]);
    expect(r.stdout).toContain('           q-1 (b): choices A and B are both "a"');
  });
});
