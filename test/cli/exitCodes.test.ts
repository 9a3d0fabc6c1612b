// One CLI convention (issue 11): every command parses its flags with the same helper and exits 2 on
// a wrong command line, 1 on input it cannot use, with one stderr line either way; every --help
// states the rule.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInProcess } from './inProcess';
import { expectOneLineError } from './oneLineError';
import { MODELS_DIR } from '../paths';

const MODEL = path.join(MODELS_DIR, 'stories260K');
const COMMANDS = ['score', 'task', 'harness', 'judge simulate', 'judge audit', 'judge montecarlo', 'judge sample', 'bench'];
const argsOf = (c: string) => c.split(' ');

describe('exit status', () => {
  it('an unknown flag is a usage error (2), named the same way by every command', async () => {
    for (const c of COMMANDS) {
      const r = await runInProcess([...argsOf(c), '--bogus']);
      expect(r.code, c).toBe(2);
      expect(expectOneLineError(r), c).toBe(`lengthlens ${argsOf(c)[0]}: unknown option --bogus (try --help)`);
    }
  });

  it('a flag without its value, a bad value, a missing argument: 2', async () => {
    const cases: [string[], RegExp][] = [
      [['score', '--model'], /--model needs a value/],
      [['task', '--bits'], /--bits needs a value/],
      [['judge', 'simulate', '--b'], /--b needs a value/],
      [['bench', '--bench-items'], /--bench-items needs a value/],
      [['score', '--model', MODEL, '--context', 'a', '--candidate', 'b', '--dtype', 'q9'], /--dtype must be one of fp32, fp16, q8, q4, q4f16, got "q9"/],
      [['bench', '--dtype', 'q9'], /--dtype must be one of fp32, fp16, q8, q4, q4f16, got "q9"/],
      [['bench', '--bench-items', '0'], /--bench-items must be a whole number ≥ 1, got "0"/],
      [['bench', 'extra'], /unexpected argument "extra"/],
      [['score', 'extra'], /unexpected argument "extra"/],
      [['task', 'extra'], /unexpected argument "extra"/],
      [['harness'], /give exactly one log_samples file/],
      [['judge', 'audit'], /audit needs exactly one FILE/],
      [['judge'], /missing subcommand/],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(expectOneLineError(r), args.join(' ')).toMatch(message);
    }
  });

  it('a missing or malformed input file, or a missing model, is bad input (1)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'exit-'));
    const badItems = path.join(dir, 'items.jsonl');
    writeFileSync(badItems, 'not json\n');
    const cases: [string[], RegExp][] = [
      [['score', '--model', MODEL, '--items', path.join(dir, 'nope.jsonl')], /file not found/],
      [['score', '--model', MODEL, '--items', badItems], /line 1: not valid JSON/],
      [['score', '--model', path.join(dir, 'no-model'), '--context', 'a', '--candidate', 'b'], /neither a folder nor a hub id/],
      [['task', '--bits', path.join(dir, 'nope.json')], /file not found/],
      [['task', '--model', path.join(dir, 'no-model'), '--sample', 'stories-cloze'], /neither a folder nor a hub id/],
      [['task', '--model', MODEL, '--items', badItems], /line 1: not valid JSON/],
      [['harness', path.join(dir, 'nope.jsonl')], /file not found/],
      [['judge', 'audit', path.join(dir, 'nope.csv')], /file not found/],
      [['bench', '--model', dir], /no model folder/],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(expectOneLineError(r), args.join(' ')).toMatch(message);
    }
  });

  it('every --help ends with the rule', async () => {
    for (const c of ['score', 'task', 'harness', 'judge', 'bench']) {
      const r = await runInProcess([c, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout, c).toMatch(/Exit status: 0 done; 1 the input could not be used [^]*; 2 the command line is\s+wrong/);
    }
    expect((await runInProcess(['--help'])).stdout).toMatch(/Exit status: 0 done/);
  });
});

describe('task --items given as one JSON array', () => {
  it('names a bad element as an item, not a line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'items-array-'));
    const file = path.join(dir, 'items.json');
    writeFileSync(file, JSON.stringify([{ context: 'Once upon a time', gold: ' there' }, { context: 'x' }, { context: 'Tom saw a', gold: ' dog' }]));
    const r = await runInProcess(['task', '--model', MODEL, '--items', file, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/skipped 1 bad item \(item 2: needs "gold"/);
    expect(JSON.parse(r.stdout).input_errors).toEqual([{ line: 2, message: 'needs "gold" (cloze) or "choices" and "label" (multiple choice)' }]);
    const strict = await runInProcess(['task', '--model', MODEL, '--items', file, '--strict']);
    expect(strict.code).toBe(1);
    expect(expectOneLineError(strict)).toBe(`lengthlens task: ${file}: item 2: needs "gold" (cloze) or "choices" and "label" (multiple choice)`);
  });
});
