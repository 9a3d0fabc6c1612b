// CLI flags declared once (issue 35 item 5): every command's --help mentions exactly the flags its
// parser takes, a documented flag is accepted and an undocumented one refused with the one message
// form, and a flag that several commands take behaves the same in each.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInProcess } from './inProcess';
import { expectOneLineError } from './oneLineError';
import type { Command } from '../../src/cli/command';
import { commandFlags, dtypeList, mentionedFlags, oneDtype, SHARED_FLAGS, usageText, type FlagSpec } from '../../src/cli/flags';
import { ALL_DTYPES } from '../../src/core/dtypes';

const NAMES = ['score', 'task', 'harness', 'check', 'judge', 'bench'] as const;
const load = async (name: string): Promise<Command> => (await import(`../../src/cli/commands/${name}.ts`)).command as Command;

const BITS = 'test/fixtures/stories-cloze-bits.json';
const LOG = 'test/fixtures/task-log-samples.jsonl';
const ITEMS = 'test/fixtures/task-items-malformed.jsonl';

/** A flag as a user gives it: a boolean alone, a string with a value. */
const given = (name: string, spec: FlagSpec) => (spec.type === 'boolean' ? `--${name}` : `--${name}=v`);

/** Each parser (a command, or a judge subcommand) and the flags it takes. */
async function parsers(): Promise<{ argv: string[]; flags: Readonly<Record<string, FlagSpec>> }[]> {
  const out = [];
  for (const name of NAMES) {
    const c = await load(name);
    if (c.subcommands) for (const [sub, flags] of Object.entries(c.subcommands)) out.push({ argv: [name, sub], flags });
    else out.push({ argv: [name], flags: c.flags });
  }
  return out;
}

describe('each command documents exactly the flags it takes', () => {
  it('main lists these commands', async () => {
    const r = await runInProcess(['--help']);
    const listed = [...r.stdout.matchAll(/^ {2}(\w+) {2,}/gm)].map((m) => m[1]);
    expect(listed).toEqual([...NAMES]);
  });

  it("the flags a usage text mentions are the parser's flags", async () => {
    for (const name of NAMES) {
      const c = await load(name);
      expect([...mentionedFlags(c.usage)].sort(), name).toEqual(Object.keys(c.flags).sort());
      if (c.subcommands) expect(new Set(Object.values(c.subcommands).flatMap((f) => Object.keys(f)))).toEqual(new Set(Object.keys(c.flags)));
    }
  });

  it('a usage text that leaves out a flag, or names one the parser lacks, is refused when it is built', () => {
    const flags = commandFlags({ shared: ['json', 'strict'] });
    expect(() => usageText(flags, 'x --json')).toThrow('--strict not documented');
    expect(() => usageText(flags, 'x --json --strict --csv')).toThrow('--csv documented but not accepted');
    expect(usageText(flags, 'x --json, --strict; lm-eval --log_samples')).toBe('x --json, --strict; lm-eval --log_samples');
  });

  it('every documented flag is accepted by its parser; every other flag of the CLI is refused the same way', async () => {
    const all = await parsers();
    const everyFlag = new Map(all.flatMap((p) => Object.entries(p.flags)));
    expect(everyFlag.size).toBeGreaterThan(50);
    for (const { argv, flags } of all) {
      const cmd = argv[0];
      for (const [name, spec] of everyFlag) {
        // Parsing stops at the first unknown option: a taken flag lets it reach the sentinel.
        const r = await runInProcess([...argv, given(name, flags[name] ?? spec), '--zz-sentinel']);
        const shown = name in flags ? '--zz-sentinel' : `--${name}`;
        expect(r.code, `${argv.join(' ')} --${name}`).toBe(2);
        expect(expectOneLineError(r), `${argv.join(' ')} --${name}`).toBe(`lengthlens ${cmd}: unknown option ${shown} (try --help)`);
      }
    }
  });

  it('every flag has a help line, a value name unless it is a switch, and a number flag a value that passes its own range', async () => {
    for (const { argv, flags } of await parsers())
      for (const [name, spec] of Object.entries(flags)) {
        expect(spec.help.trim().length, `${argv.join(' ')} --${name}`).toBeGreaterThan(5);
        expect(spec.type === 'boolean' ? spec.value === undefined : typeof spec.value === 'string', `${argv.join(' ')} --${name}`).toBe(true);
        if (spec.type === 'number' && typeof spec.default === 'number' && Number.isFinite(spec.default)) {
          const r = await runInProcess([...argv, `--${name}=${spec.default}`, '--zz-sentinel']);
          expect(expectOneLineError(r), `${argv.join(' ')} --${name}`).toBe(`lengthlens ${argv[0]}: unknown option --zz-sentinel (try --help)`);
        }
      }
  });

  it('a number flag is checked against its range as it is parsed, in the one message form', async () => {
    for (const cmd of [['score'], ['task'], ['harness', '--model', 'm']]) {
      const r = await runInProcess([...cmd, '--mu', '1']);
      expect(expectOneLineError(r)).toBe(`lengthlens ${cmd[0]}: --mu must be a number > 1 (the prior's mean length in bytes), got "1"`);
    }
    expect(expectOneLineError(await runInProcess(['judge', 'montecarlo', '--seed', '-1']))).toBe('lengthlens judge: --seed must be a whole number from 0 to 9007199254740991, got "-1"');
    expect(expectOneLineError(await runInProcess(['bench', '--bench-items', '1.5']))).toBe('lengthlens bench: --bench-items must be a whole number ≥ 1, got "1.5"');
  });

  it('a shared flag is declared once: a command cannot declare it again as its own', () => {
    expect(() => commandFlags({ shared: [], own: { model: { type: 'string', help: 'x' } } })).toThrow('--model is a shared flag');
    for (const name of Object.keys(SHARED_FLAGS)) expect(() => commandFlags({ shared: [], own: { [name]: { type: 'boolean', help: 'x' } } })).toThrow(`--${name} is a shared flag`);
  });

  it("two commands' own flags of one name: only the known clash (score's --context TEXT, check's --context field path)", async () => {
    const owners = new Map<string, string[]>();
    for (const name of NAMES) {
      const c = await load(name);
      for (const flag of Object.keys(c.flags)) if (!(flag in SHARED_FLAGS)) owners.set(flag, [...(owners.get(flag) ?? []), name]);
    }
    expect([...owners].filter(([, o]) => o.length > 1)).toEqual([['context', ['score', 'check']]]);
  });
});

describe('one flag, one behaviour in every command', () => {
  it('--dtype without --model is a usage error in task, harness and check (and score); bench has its default model', async () => {
    const cases: [string[], string][] = [
      [['task', '--bits', BITS, '--dtype', 'q8'], 'task'],
      [['task', '--sample', 'stories-cloze', '--export-lm-eval', mkdtempSync(path.join(tmpdir(), 'flags-')), '--dtype', 'q8'], 'task'],
      [['harness', LOG, '--dtype', 'q8'], 'harness'],
      [['check', ITEMS, '--dtype', 'q8'], 'check'],
      [['score', '--context', 'a', '--candidate', 'b', '--dtype', 'q8'], 'score'],
    ];
    for (const [args, cmd] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(expectOneLineError(r), args.join(' ')).toBe(`lengthlens ${cmd}: --dtype goes with --model`);
    }
    const b = await runInProcess(['bench', '--dtype', 'q8', '--zz-sentinel']);
    expect(expectOneLineError(b)).toBe('lengthlens bench: unknown option --zz-sentinel (try --help)');
  });

  it('--dtype takes a list in one shape (repeated or comma-separated) and names a bad dtype the same way', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALL_DTYPES), { minLength: 1, maxLength: 6 }), (list) => {
        expect(dtypeList(list)).toEqual(list);
        expect(dtypeList([list.join(',')])).toEqual(list);
        expect(dtypeList(list.join(' , '))).toEqual(list);
      }),
    );
    expect(dtypeList(undefined, ['fp32', 'q8'])).toEqual(['fp32', 'q8']);
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }).filter((s) => !s.includes(',') && !(ALL_DTYPES as string[]).includes(s.trim())), (bad) => {
        expect(() => dtypeList(['fp32', bad])).toThrow(`--dtype must be one of fp32, fp16, q8, q4, q4f16, got "${bad.trim()}"`);
      }),
    );
    expect(oneDtype(undefined, 'x')).toBe('fp32');
    expect(() => oneDtype('fp32,q8', 'one rescore')).toThrow('--dtype takes one dtype here (one rescore), got fp32, q8');
    expect(() => oneDtype(['fp32', 'q8'], 'x')).toThrow('--dtype takes one value and was given twice ("fp32", then "q8")');
  });

  it('a second dtype where a command runs one is refused before any model loads (score, harness, check)', async () => {
    const m = 'no-such-model-folder';
    const cases: [string[], RegExp][] = [
      [['score', '--model', m, '--dtype', 'fp32,q8', '--context', 'a', '--candidate', 'b'], /^lengthlens score: --dtype takes one dtype here \(compare two with --compare-dtype\), got fp32, q8$/],
      [['score', '--model', m, '--compare-dtype', 'q8,q4', '--context', 'a', '--candidate', 'b'], /^lengthlens score: --compare-dtype takes one dtype here \(one second model\), got q8, q4$/],
      [['harness', LOG, '--model', m, '--dtype', 'q8', '--dtype', 'q4'], /^lengthlens harness: --dtype takes one value and was given twice \("q8", then "q4"\)$/],
      [['check', ITEMS, '--model', m, '--dtype', 'q8,q4'], /^lengthlens check: --dtype takes one dtype here \(one model run\), got q8, q4$/],
      [['bench', '--dtype', 'fp32,q9'], /^lengthlens bench: --dtype must be one of fp32, fp16, q8, q4, q4f16, got "q9"$/],
      [['task', '--model', m, '--sample', 'stories-cloze', '--dtype', 'fp32', '--dtype', 'q9'], /^lengthlens task: --dtype must be one of fp32, fp16, q8, q4, q4f16, got "q9"$/],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(expectOneLineError(r), args.join(' ')).toMatch(message);
    }
  });

  it('two output formats at once are refused in every command, in one message form', async () => {
    const cases: [string[], string][] = [
      [['task', '--bits', BITS, '--json', '--csv'], 'task: use either --json or --csv, not both'],
      [['harness', LOG, '--json', '--csv'], 'harness: use either --json or --csv, not both'],
      [['check', ITEMS, '--json', '--markdown'], 'check: use either --json or --markdown, not both'],
      [['score', '--model', 'm', '--context', 'a', '--candidate', 'b', '--json', '--jsonl'], 'score: use either --json or --jsonl, not both'],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(expectOneLineError(r)).toBe(`lengthlens ${message}`);
    }
    // One format alone still prints it.
    const csv = await runInProcess(['task', '--bits', BITS, '--csv']);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n')[0]).toBe('scope,metric,value,stderr');
  });

  it("task's flags that another input leaves unused are refused, not ignored", async () => {
    const cases: [string[], string][] = [
      [['task', '--bits', BITS, '--delimiter', ' '], '--delimiter goes with --items or --sample'],
      [['task', '--bits', BITS, '--limit', '3'], '--limit goes with --model'],
      [['task', '--model', 'm', '--sample', 'stories-cloze', '--case', 'x'], '--case goes with --bits'],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(expectOneLineError(r)).toBe(`lengthlens task: ${message}`);
    }
  });

  it("harness's --mu and --space act on per-token scores: without --model (nothing rescored) they are refused", async () => {
    for (const flag of [['--mu', '50'], ['--space', 'keep']]) {
      const r = await runInProcess(['harness', LOG, ...flag]);
      expect(r.code).toBe(2);
      expect(expectOneLineError(r)).toBe(`lengthlens harness: ${flag[0]} goes with --model`);
    }
  });

  it("bench: a flag the chosen mode (--check, --scale, the default) leaves unused is refused", async () => {
    const cases: [string[], string][] = [
      [['--check', '--dtype', 'q8'], 'use either --dtype or --check, not both'],
      [['--check', '--model', 'm'], 'use either --model or --check, not both'],
      [['--scale', '--rounds', '2'], 'use either --rounds or --scale, not both'],
      [['--scale', '--bench-items', '2'], 'use either --bench-items or --scale, not both'],
      [['--scale', '--check'], 'use either --scale or --check, not both'],
      [['--keystrokes', '3'], '--keystrokes goes with --scale'],
      [['--cpu-arena', 'on'], '--cpu-arena goes with --scale'],
      [['--models-dir', 'x'], '--models-dir goes with --scale'],
      [['--scale', '--model', 'x'], '--model names one model: with --scale, give the folder of scale models as --models-dir DIR'],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(['bench', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(expectOneLineError(r), args.join(' ')).toBe(`lengthlens bench: ${message}`);
    }
  });

  it('bench --browser: every mode names its values (--scale no longer reads an unknown value as no)', async () => {
    const r = await runInProcess(['bench', '--scale', '--browser', 'auto', '--out', path.join(mkdtempSync(path.join(tmpdir(), 'flags-')), 'o.json')]);
    expect(r.code).toBe(2);
    expect(expectOneLineError(r)).toBe('lengthlens bench: --browser with --scale must be yes or no, got "auto"');
  });
});
