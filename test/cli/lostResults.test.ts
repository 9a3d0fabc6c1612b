// Issue 25 items 8-10: results are not lost. An interrupted `score --items` closes its JSON with
// what was scored and an `interrupted` marker (and says on stderr how many items were written);
// an --out path that cannot be written is refused before any work; a flag that takes one value,
// given twice, is refused instead of the last one silently winning.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';
import { checkOutPath, writeResultFile } from '../../src/cli/outFile';
import { parseCommandArgs } from '../../src/cli/io';

const BIN = path.resolve(__dirname, '../../bin/lengthlens.mjs');
const STORIES = path.join(MODELS_DIR, 'stories260K');
const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-lost-'));

/** Runs `score --items` on many items and sends `signal` once `ready(stdout)` holds. */
function interrupted(format: '--json' | '--jsonl', signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const items = path.join(dir, `many-${format}.jsonl`);
  writeFileSync(items, Array.from({ length: 3000 }, (_, i) => JSON.stringify({ context: `Once upon a time ${i}`, candidates: [' there', ' a cat'] })).join('\n'));
  const child = spawn(process.execPath, [BIN, 'score', '--model', STORIES, '--items', items, format, '--quiet']);
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    // A few items in: the run is well under way.
    if (!sent && (stdout.match(/"context"/g)?.length ?? 0) >= 3) {
      sent = true;
      child.kill(signal);
    }
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('an interrupted score --items run', () => {
  it('SIGTERM: the JSON document is closed with the items scored and "interrupted"; stderr counts them', async () => {
    const r = await interrupted('--json', 'SIGTERM');
    expect(r.code).toBe(143);
    const doc = JSON.parse(r.stdout) as { items: { context: string }[]; interrupted: string };
    expect(doc.interrupted).toBe('SIGTERM');
    expect(doc.items.length).toBeGreaterThanOrEqual(3);
    expect(doc.items.length).toBeLessThan(3000);
    doc.items.forEach((it, i) => expect(it.context).toBe(`Once upon a time ${i}`));
    expect(r.stderr).toBe(`lengthlens score: interrupted (SIGTERM) after ${doc.items.length} items; the output holds those ${doc.items.length} and is closed with "interrupted"\n`);
  }, 60_000);
  it('SIGINT with --jsonl: every line is a whole item, and stderr says how many', async () => {
    const r = await interrupted('--jsonl', 'SIGINT');
    expect(r.code).toBe(130);
    const lines = r.stdout.trimEnd().split('\n');
    expect(r.stdout.endsWith('\n')).toBe(true);
    lines.forEach((l, i) => expect((JSON.parse(l) as { context: string }).context).toBe(`Once upon a time ${i}`));
    expect(r.stderr).toBe(`lengthlens score: interrupted (SIGINT) after ${lines.length} items; the output holds those ${lines.length} and ends there\n`);
  }, 60_000);
});

describe('--out is checked before any work', () => {
  it('bench --out naming a folder fails at once (exit 2), before a model is loaded', async () => {
    const folder = path.join(dir, 'results');
    mkdirSync(folder);
    const t0 = Date.now();
    const r = await runInProcess(['bench', '--out', folder, '--bench-items', '1', '--rounds', '1', '--browser', 'no', '--styles', 'none']);
    expect(r.code).toBe(2);
    expect(expectOneLineError(r)).toBe(`lengthlens bench: --out ${folder} is a folder: name a file (e.g. ${path.join(folder, 'result.json')})`);
    expect(Date.now() - t0).toBeLessThan(2_000);
    const underFile = path.join(dir, 'a-file');
    writeFileSync(underFile, 'x');
    expect(expectOneLineError(await runInProcess(['bench', '--scale', '--out', path.join(underFile, 'bench.json')]))).toMatch(/a-file is a file, not a folder/);
  });
  it('a write that fails after the work keeps the result (saved elsewhere, the error says where)', () => {
    const underFile = path.join(dir, 'plain-file');
    writeFileSync(underFile, 'x');
    let message = '';
    try {
      writeResultFile(path.join(underFile, 'out.json'), '{"done": true}\n');
    } catch (err) {
      message = (err as Error).message;
    }
    const saved = /the result was saved to (.+)$/.exec(message)?.[1];
    expect(saved).toBeDefined();
    expect(readFileSync(saved!, 'utf8')).toBe('{"done": true}\n');
    expect(() => checkOutPath(path.join(dir, 'new-folder', 'deeper', 'out.json'))).not.toThrow();
  });
});

describe('a flag that takes one value, given twice', () => {
  const options = { model: { type: 'string' }, context: { type: 'string' }, dtype: { type: 'string' }, candidate: { type: 'string', multiple: true }, json: { type: 'boolean' } } as const;
  it('is refused naming the flag and both values; multiple flags and booleans may repeat', () => {
    fc.assert(
      fc.property(fc.constantFrom('model', 'context', 'dtype'), fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !s.startsWith('-')), fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !s.startsWith('-')), (flag, a, b) => {
        expect(() => parseCommandArgs([`--${flag}`, a, '--candidate', 'x', `--${flag}`, b], options)).toThrow(
          `--${flag} takes one value and was given twice (${JSON.stringify(a)}, then ${JSON.stringify(b)})`,
        );
        expect(() => parseCommandArgs([`--${flag}=${a}`, `--${flag}=${b}`], options)).toThrow(/takes one value and was given twice/);
        expect(parseCommandArgs([`--${flag}`, a, '--candidate', 'x', '--candidate', 'y', '--json', '--json'], options).values.candidate).toEqual(['x', 'y']);
      }),
      { numRuns: 50 },
    );
  });
  it('score --model A --model B exits 2; task keeps its repeated --model', async () => {
    const r = await runInProcess(['score', '--model', STORIES, '--model', STORIES, '--context', 'Once', '--candidate', ' upon']);
    expect(r.code).toBe(2);
    expect(expectOneLineError(r)).toMatch(/^lengthlens score: --model takes one value and was given twice/);
    expect((await runInProcess(['score', '--model', STORIES, '--context', 'a', '--context', 'b', '--candidate', ' c'])).code).toBe(2);
    const t = await runInProcess(['task', '--sample', 'stories-choice', '--model', STORIES, '--model', STORIES, '--json']);
    expect(t.stderr).not.toMatch(/given twice/);
  }, 120_000);
});
