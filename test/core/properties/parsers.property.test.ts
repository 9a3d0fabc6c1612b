// Property tests for every input parser (SPEC §6, §10): on any text — arbitrary code points, bytes
// read as UTF-8 or Latin-1, any line endings, JSON of the right shape with wrong values — a parser
// returns its good records and a line-numbered reason for each bad line, or (for a file that
// cannot be read as a whole) throws a plain Error with a one-line message; nothing else escapes.
// Good lines mixed with bad ones still load, numbered as an editor numbers them.
// Fixed seed and a small budget: the suite stays fast and a failure reproduces.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { parseItems } from '../../../src/core/formats/items';
import { parseLogSamples } from '../../../src/core/formats/logSamples';
import { parseBitsFile } from '../../../src/core/formats/bitsFile';
import { parseScoreItems, readScoreItems, utf8Lines } from '../../../src/core/formats/scoreItems';
import { parseVerdicts } from '../../../src/core/judge/verdicts';

// FC_SEED / FC_RUNS explore further from the command line; the suite itself is fixed.
const RUNS = { seed: Number(process.env.FC_SEED ?? 20261130), numRuns: Number(process.env.FC_RUNS ?? 150) } as const;

interface LineErr {
  line: number;
  message?: string;
  reason?: string;
}

/** Calls `parse`; a throw must be a plain Error with one line of text. */
function safely<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (err) {
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).constructor).toBe(Error);
    const msg = (err as Error).message;
    expect(msg.length).toBeGreaterThan(0);
    expect(msg).not.toContain('\n');
    return undefined;
  }
}

/**
 * A whole-file JSON array (task items, --bits) numbers its bad records by item, not by line, so
 * only JSONL/CSV numbers are bounded by the line count.
 */
function checkErrors(errors: readonly LineErr[], text: string, byItem: boolean): void {
  const lines = byItem ? Infinity : text.split('\n').length;
  for (const e of errors) {
    expect(Number.isInteger(e.line)).toBe(true);
    expect(e.line).toBeGreaterThanOrEqual(0);
    expect(e.line).toBeLessThanOrEqual(lines);
    const msg = e.message ?? e.reason ?? '';
    expect(msg.length).toBeGreaterThan(0);
    expect(msg).not.toContain('\n');
  }
}

function isJsonArray(text: string): boolean {
  try {
    return Array.isArray(JSON.parse(text.replace(/^\uFEFF/, '')));
  } catch {
    return /^\s*\[/.test(text.replace(/^\uFEFF/, ''));
  }
}

// ---- arbitrary inputs
const EOL = fc.constantFrom('\n', '\r\n', '\r', '\n\n');
const KEYS = ['context', 'candidates', 'gold', 'choices', 'label', 'id', 'subject', 'tokens', 'leading_space', 'text', 'continuation', 'doc_id', 'doc', 'target', 'arguments', 'resps', 'filtered_resps', 'acc', 'acc_norm', 'prompt_id', 'a_first', 'first', 'verdict', 'len_a', 'len_b', 'human', 'category', 'items', 'cases', 'name'];
const shapedJson = fc.dictionary(fc.constantFrom(...KEYS), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }).map((o) => JSON.stringify(o));
const lineArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.json({ maxDepth: 3 }),
  shapedJson,
  fc.constantFrom('NaN', '[NaN, Infinity]', '[[1, 2], [3, -1]]', '{"tokens": [[1e308, 4096]]}', 'a,b,"c', '"', '\uFEFF', ',,,', 'prompt_id,a_first,verdict,len_a,len_b'),
);
const textArb = fc.oneof(
  fc.tuple(fc.array(lineArb, { maxLength: 12 }), EOL, fc.boolean()).map(([lines, eol, bom]) => (bom ? '\uFEFF' : '') + lines.join(eol)),
  fc.uint8Array({ maxLength: 300 }).map((b) => new TextDecoder('utf-8').decode(b)),
  fc.uint8Array({ maxLength: 300 }).map((b) => new TextDecoder('latin1').decode(b)),
  fc.string({ unit: 'binary', maxLength: 400 }),
);

const PARSERS: [string, (text: string) => { errors: readonly LineErr[]; unit?: string }][] = [
  ['task items (JSONL or CSV)', (t) => parseItems(t)],
  ['task items as CSV', (t) => parseItems(t, 'csv')],
  ['lm-eval log_samples', (t) => parseLogSamples(t)],
  ['--bits', (t) => parseBitsFile(t)],
  ['score --items', (t) => parseScoreItems(t)],
  ['judge verdicts', (t) => parseVerdicts(t)],
];

describe('parsers never crash on arbitrary input', () => {
  for (const [name, parse] of PARSERS) {
    it(name, () => {
      fc.assert(
        fc.property(textArb, (text) => {
          const r = safely(() => parse(text));
          if (r) checkErrors(r.errors, text, ('unit' in r && r.unit === 'item') || isJsonArray(text));
        }),
        RUNS,
      );
    });
  }

  it('score --items from bytes: any bytes, any chunking, the same lines as one chunk', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 20 }), async (bytes, cuts) => {
        const chunks: Uint8Array[] = [];
        let i = 0;
        let k = 0;
        while (i < bytes.length) {
          const n = cuts[k++ % cuts.length];
          chunks.push(bytes.slice(i, i + n));
          i += n;
        }
        const whole = [];
        for await (const l of readScoreItems([bytes])) whole.push(l);
        const pieces = [];
        for await (const l of readScoreItems(chunks)) pieces.push(l);
        expect(pieces).toEqual(whole);
        const newlines = bytes.filter((b) => b === 0x0a).length;
        for (const l of whole) {
          expect(l.line).toBeGreaterThanOrEqual(1);
          expect(l.line).toBeLessThanOrEqual(newlines + 1);
        }
        // Strict decoding: text that comes out is exactly what UTF-8 says, never U+FFFD for a bad byte.
        for await (const l of utf8Lines([bytes])) if ('text' in l) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(l.text))).toBe(l.text);
      }),
      RUNS,
    );
  });
});

// ---- good lines among bad ones
const text = fc.string({ unit: 'grapheme', maxLength: 30 });
const nonEmpty = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');
/** A line no parser can read: not JSON (starts with '#'), and no line break inside. */
const badLine = fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => '#' + s.replace(/[\r\n]/g, ' '));

function mixed<T>(good: fc.Arbitrary<T>, render: (g: T, i: number) => string, firstGood = false) {
  return fc
    .tuple(fc.array(fc.oneof(good.map((g) => ({ good: g })), badLine.map((b) => ({ bad: b }))), { minLength: 1, maxLength: 15 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), good)
    .map(([entries, eol, bom, head]) => {
      const all = firstGood ? [{ good: head }, ...entries] : entries;
      const lines = all.map((e, i) => ('good' in e ? render(e.good, i) : e.bad));
      return {
        text: (bom ? '\uFEFF' : '') + lines.join(eol) + eol,
        good: all.flatMap((e, i) => ('good' in e ? [{ line: i + 1, value: e.good }] : [])),
        bad: all.flatMap((e, i) => ('bad' in e ? [i + 1] : [])),
      };
    });
}

describe('good lines still load, bad lines are numbered', () => {
  it('score --items (whole text and streamed)', async () => {
    const item = fc.record({ context: text, candidates: fc.array(text, { minLength: 1, maxLength: 4 }) });
    await fc.assert(
      fc.asyncProperty(mixed(item, (g) => JSON.stringify(g)), async ({ text: t, good, bad }) => {
        const r = parseScoreItems(t);
        expect(r.items).toEqual(good.map((g) => g.value));
        expect(r.errors.map((e) => e.line)).toEqual(bad);
        const lazy = [];
        for await (const l of readScoreItems([new TextEncoder().encode(t)])) lazy.push(l);
        expect(lazy.flatMap((l) => ('item' in l ? [{ line: l.line, value: l.item }] : []))).toEqual(good);
        expect(lazy.flatMap((l) => ('reason' in l ? [l.line] : []))).toEqual(bad);
      }),
      RUNS,
    );
  });

  it('task items JSONL', () => {
    const item = fc.record({ context: text, gold: nonEmpty });
    fc.assert(
      fc.property(mixed(item, (g, i) => JSON.stringify({ id: `q${i}`, ...g }), true), ({ text: t, good, bad }) => {
        const r = parseItems(t, 'jsonl');
        expect(r.records.map((x) => [x.context, x.choices[x.gold as number]])).toEqual(good.map((g) => [g.value.context, g.value.gold]));
        expect(r.errors.map((e) => e.line)).toEqual(bad);
      }),
      RUNS,
    );
  });

  it('--bits JSONL', () => {
    const token = fc.tuple(fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 0, max: 12 }));
    const item = fc.array(token, { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(mixed(item, (g) => JSON.stringify(g)), ({ text: t, good, bad }) => {
        const r = safely(() => parseBitsFile(t));
        if (!r) return;
        expect(r.records.map((x) => x.choices[0].tokens)).toEqual(good.map((g) => g.value.map(([b, m]) => [b === 0 ? 0 : b, m])));
        expect(r.errors.map((e) => e.line)).toEqual(bad);
      }),
      RUNS,
    );
  });

  it('judge verdicts JSONL', () => {
    const row = fc.record({
      prompt_id: fc.oneof(nonEmpty.map((s) => s.trim()).filter((s) => s !== ''), fc.nat()),
      a_first: fc.boolean(),
      verdict: fc.oneof(fc.constantFrom('A', 'B', 'tie'), fc.double({ min: 0, max: 1, noNaN: true })),
      len_a: fc.integer({ min: 1, max: 5000 }),
      len_b: fc.integer({ min: 1, max: 5000 }),
    });
    fc.assert(
      fc.property(mixed(row, (g) => JSON.stringify(g), true), ({ text: t, good, bad }) => {
        const r = parseVerdicts(t);
        expect(r.format).toBe('jsonl');
        expect(r.rows.map((x) => x.line)).toEqual(good.map((g) => g.line));
        expect(r.rows.map((x) => [x.promptId, x.aFirst, x.lenA, x.lenB])).toEqual(good.map(({ value: v }) => [String(v.prompt_id).trim(), v.a_first, v.len_a, v.len_b]));
        expect(r.errors.map((e) => e.line)).toEqual(bad);
      }),
      RUNS,
    );
  });

  it('lm-eval log_samples (real records among bad lines)', () => {
    // The fixture's own good records (it also holds a deliberately bad one).
    const real = fs.readFileSync(path.join(__dirname, '../../fixtures/task-log-samples.jsonl'), 'utf8').trim().split('\n').filter((l) => parseLogSamples(l).errors.length === 0);
    expect(real.length).toBeGreaterThanOrEqual(3);
    fc.assert(
      fc.property(mixed(fc.constantFrom(...real), (g) => g), ({ text: t, good, bad }) => {
        const r = parseLogSamples(t);
        expect(r.records.map((x) => x.line)).toEqual(good.map((g) => g.line));
        expect(r.errors.map((e) => e.line)).toEqual(bad);
      }),
      { ...RUNS, numRuns: 60 },
    );
  });

  it('task items CSV: any field text survives quoting, line endings and a BOM', () => {
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const row = fc.record({ context: text, gold: nonEmpty });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 10 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), (rows, eol, bom) => {
        const t = (bom ? '\uFEFF' : '') + ['id,context,gold', ...rows.map((r, i) => [`q${i}`, quote(r.context), quote(r.gold)].join(','))].join(eol) + eol;
        const r = parseItems(t, 'csv');
        expect(r.errors).toEqual([]);
        expect(r.records.map((x) => [x.context, x.choices[0]])).toEqual(rows.map((x) => [x.context, x.gold]));
      }),
      RUNS,
    );
  });
});
