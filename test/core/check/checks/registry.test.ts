// The registry is the one list of checks: every registered check reaches the JSON, the Markdown,
// the usage text and docs/check.md's table, and nothing else does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, FAIL_ON_NAMES, checksTable } from '../../../../src/core/check/checks';
import { CHECKS_TABLE_BEGIN, CHECKS_TABLE_END } from '../../../../src/core/check/checks/docsTable';
import { FAIL_ON_CHECKS, parseFailOn } from '../../../../src/core/check/failOn';
import { command } from '../../../../src/cli/commands/check';
import { runInProcess } from '../../../cli/inProcess';
import { MODELS_DIR } from '../../../paths';

const ROOT = path.join(__dirname, '../../../..');
const LOG = path.join(ROOT, 'test/fixtures/task-log-samples.jsonl');
const MODEL = path.join(MODELS_DIR, 'stories260K');

/** The value at a dotted path, or undefined. */
function at(x: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), x);
}

describe('the check registry', () => {
  it('has one entry per key, and --fail-on takes exactly the checks that declare failOn', () => {
    const keys = CHECKS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(FAIL_ON_CHECKS)).toEqual(CHECKS.filter((c) => c.failOn).map((c) => c.key));
    for (const name of FAIL_ON_NAMES) expect(parseFailOn(name)).toEqual([{ check: name }]);
    for (const c of CHECKS.filter((c) => !c.failOn)) expect(() => parseFailOn(c.key)).toThrow(`unknown check "${c.key}"`);
  });

  it("docs/check.md's table is the registry's, row for row", () => {
    const doc = readFileSync(path.join(ROOT, 'docs/check.md'), 'utf8');
    const table = doc.slice(doc.indexOf(CHECKS_TABLE_BEGIN) + CHECKS_TABLE_BEGIN.length, doc.indexOf(CHECKS_TABLE_END)).trim();
    // Out of date: run `npm run docs:checks`.
    expect(table).toBe(checksTable());
    const listed = table.split('\n').slice(2).map((row) => /^\| `([a-z_]+)` \|/.exec(row)?.[1]);
    expect(listed).toEqual(CHECKS.map((c) => c.key));
  });

  it('the usage text lists every --fail-on name', () => {
    const names = /--fail-on LIST[^\n]*\n([\s\S]*?)\n\s+A name alone/.exec(command.usage)![1];
    expect(names.split(/[\s,]+/).filter(Boolean)).toEqual([...FAIL_ON_NAMES]);
  });

  it('every check reaches the JSON and every finding the Markdown (a log scored by a model)', async () => {
    const json = await runInProcess(['check', LOG, '--model', MODEL, '--json']);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as Record<string, unknown>;
    for (const c of CHECKS) expect(at(c.needs === 'strings' ? out : out.model, c.json), c.key).toBeDefined();
    const md = await runInProcess(['check', LOG, '--model', MODEL, '--markdown']);
    expect(md.code).toBe(0);
    for (const c of CHECKS.filter((c) => c.finding)) expect(md.stdout, c.key).toContain(`| ${c.title.replace(/_/g, '\\_')} |`);
  });
});
