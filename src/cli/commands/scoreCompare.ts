// `score --compare-model`: two models' results for the same items, each exactly what `score`
// prints for that model alone, and beside them what they agree on (core/compare/agreement.ts).
import { compareItems, countAgreement, type ItemComparison } from '../../core/compare/agreement';
import type { ItemScore } from '../../core/scoring/types';
import { jsonReplacer } from '../io';
import type { OutputFormat, Write } from './score';

/** What writes one model's results (score's ResultWriter). */
export interface ItemWriter {
  item(item: ItemScore): Promise<void>;
  end(error?: string, interrupted?: string): Promise<void>;
}

/** A model's writer, made for a format and a place to write to. */
export type MakeWriter = (side: 0 | 1, format: OutputFormat, write: Write) => ItemWriter;

const indent = (text: string, pad: string) => pad + text.replace(/\n/g, `\n${pad}`);
const fixed = (x: number, digits = 4) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

/** The comparison of one item as table lines (after the two models' own tables). */
export function formatComparison(c: ItemComparison, labels: readonly [string, string], candidates: readonly string[], tokenTexts: readonly [string[][], string[][]]): string {
  const out: string[] = [`  compared: A = ${labels[0]}, B = ${labels[1]}`];
  const rules = Object.entries(c.rules);
  const width = Math.max(4, ...rules.map(([r]) => r.length));
  out.push(`  ${'rule'.padEnd(width)}    A    B`);
  for (const [rule, r] of rules)
    out.push(`  ${rule.padEnd(width)} ${String(r.a).padStart(4)} ${String(r.b).padStart(4)}  ${r.same === null ? 'no winner on one model' : r.same ? 'same' : 'FLIPS'}`);
  out.push(`  agreement: ${c.flipped.length === 0 ? 'every rule picks the same candidate' : `the winner flips under ${c.flipped.join(', ')}`}${c.undecided.length > 0 ? ` (no winner: ${c.undecided.join(', ')})` : ''}`);
  out.push('  fertility (tokens per candidate on each model):');
  const cols = ['bytes', 'chars', 'tokens A', 'tokens B', 'tok/byte A', 'tok/byte B'];
  out.push(`    #${cols.map((h) => h.padStart(h.length + 2)).join('')}  candidate`);
  c.candidates.forEach((f, i) => {
    const cells = [f.n_bytes, f.n_chars, f.n_tokens[0], f.n_tokens[1], fixed(f.tokens_per_byte[0]), fixed(f.tokens_per_byte[1])].map(String);
    out.push(`  ${String(i).padStart(3)}${cells.map((v, k) => v.padStart(cols[k].length + 2)).join('')}  ${JSON.stringify(candidates[i])}`);
  });
  out.push('  bits per byte, the two tokenisations aligned on bytes ([start, end): A tokens | B tokens):');
  c.candidates.forEach((f, i) => {
    if (f.aligned.length === 0) return;
    out.push(`  ${String(i).padStart(3)}  ${JSON.stringify(candidates[i])}`);
    for (const g of f.aligned) {
      const pieces = (side: 0 | 1) => tokenTexts[side][i].slice(g.tokens[side][0], g.tokens[side][1]).map((t) => JSON.stringify(t)).join(' ');
      out.push(`      ${`[${g.bytes[0]}, ${g.bytes[1]})`.padEnd(10)} A ${fixed(g.bits_per_byte[0]).padStart(8)}  B ${fixed(g.bits_per_byte[1]).padStart(8)}   ${pieces(0)} | ${pieces(1)}`);
    }
  });
  const d = c.largest_token_differences;
  if (d === null) out.push('  per-token differences: not shown, the two models tokenise differently (compare bits per byte above)');
  else if (d.length > 0) {
    out.push('  largest per-token differences (the same tokens on both; B − A, nats):');
    for (const t of d)
      out.push(`    candidate ${t.candidate} token ${t.token} ${JSON.stringify(t.piece)}: ${fixed(t.logprob[0], 6)} → ${fixed(t.logprob[1], 6)} (${t.diff >= 0 ? '+' : ''}${fixed(t.diff, 6)})`);
  }
  return out.join('\n') + '\n';
}

/**
 * Writes a comparison. `json`: {"models": [A's document, B's document], "agreement": {rules,
 * items}}, each document byte for byte what `score --json` prints for that model alone
 * (re-indented), so the whole is held until the end. `jsonl`: one line per item,
 * {"models": [A's line, B's line], "agreement": {...}}. `table`: per item, each model's table
 * under its label, then the comparison.
 */
export class CompareWriter {
  private readonly docs: [string, string] = ['', ''];
  private readonly writers: [ItemWriter, ItemWriter];
  private readonly compared: ItemComparison[] = [];
  private count = 0;

  constructor(
    private readonly format: OutputFormat,
    private readonly write: Write,
    private readonly labels: readonly [string, string],
    private readonly makeWriter: MakeWriter,
  ) {
    const collect = (side: 0 | 1): Write => async (text) => {
      this.docs[side] += text;
    };
    this.writers = [makeWriter(0, format, collect(0)), makeWriter(1, format, collect(1))];
  }

  /** Items written so far. */
  get written(): number {
    return this.count;
  }

  async item(a: ItemScore, b: ItemScore): Promise<void> {
    const c = compareItems(a, b);
    this.count++;
    if (this.format === 'json') {
      this.compared.push(c);
      await this.writers[0].item(a);
      await this.writers[1].item(b);
      return;
    }
    // One item's text from each model's own writer, then the pair.
    const own = async (side: 0 | 1, item: ItemScore) => {
      let text = '';
      await this.makeWriter(side, this.format, async (t) => void (text += t)).item(item);
      return text;
    };
    const [ta, tb] = [await own(0, a), await own(1, b)];
    if (this.format === 'jsonl') return this.write(`{"models":[${ta.trimEnd()},${tb.trimEnd()}],"agreement":${JSON.stringify(c, jsonReplacer)}}\n`);
    const texts = (item: ItemScore) => item.candidates.map((cand) => cand.tokens.map((t) => t.text));
    return this.write(`model A: ${this.labels[0]}\n${ta}model B: ${this.labels[1]}\n${tb}${formatComparison(c, this.labels, a.candidates.map((x) => x.text), [texts(a), texts(b)])}`);
  }

  async end(error?: string, interrupted?: string): Promise<void> {
    if (this.format !== 'json') return;
    await this.writers[0].end(error, interrupted);
    await this.writers[1].end(error, interrupted);
    if (this.docs[0] === '') return;
    const agreement = JSON.stringify({ rules: countAgreement(this.compared), items: this.compared }, jsonReplacer, 2);
    await this.write(`{\n  "models": [\n${indent(this.docs[0].trimEnd(), '    ')},\n${indent(this.docs[1].trimEnd(), '    ')}\n  ],\n  "agreement": ${agreement.replace(/\n/g, '\n  ')}\n}\n`);
  }
}
