// Issue 25 item 1: a multiple_input log (winogrande partial scoring: each request its own context,
// one shared continuation) is rescored on each request's own context, so the logged
// log-likelihoods are reproduced and the choices get different scores.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';

const dir = mkdtempSync(join(tmpdir(), 'lengthlens-harness-mi-'));
const model = join(MODELS_DIR, 'stories260K');

const DOCS = [
  // The second context scores higher on stories260K (−12.30 against −16.42 nats): a rescore that
  // put both options on the first context would tie them and pick the first.
  { contexts: ['Once upon a time, Lily saw a dog', 'Once upon a time, Lily saw a cat'], continuation: ' and she was happy.', gold: 1 },
  { contexts: ['Tom went to the park with his mom', 'Tom went to the park with his ball', 'Tom went to the park with a big red box'], continuation: ' and they played.', gold: 0 },
];

describe('harness --model on a multiple_input log', () => {
  it('rescores every request on its own context and reproduces the logged log-likelihoods', async () => {
    // The logged lls: each (context, continuation) scored on its own by `score`.
    const itemsFile = join(dir, 'pairs.jsonl');
    const pairs = DOCS.flatMap((d) => d.contexts.map((context) => ({ context, candidates: [d.continuation] })));
    writeFileSync(itemsFile, pairs.map((p) => JSON.stringify(p)).join('\n'));
    const s = await runInProcess(['score', '--model', model, '--items', itemsFile, '--json']);
    expect(s.code).toBe(0);
    const lls = (JSON.parse(s.stdout) as { items: { candidates: { sum_logprob: number }[] }[] }).items.map((it) => it.candidates[0].sum_logprob);
    let k = 0;
    const lines = DOCS.map((d, docId) => {
      const docLls = d.contexts.map(() => lls[k++]);
      const args = Object.fromEntries(d.contexts.map((c, i) => [`gen_args_${i}`, { arg_0: c, arg_1: d.continuation }]));
      const resp = docLls.map((ll) => [String(ll), 'False']);
      // lm-eval logs doc_to_target (the shared continuation) as target; the gold index is doc_to_text.
      return JSON.stringify({ doc_id: docId, doc: {}, target: String(d.gold), arguments: args, resps: resp.map((r) => [r]), filtered_resps: resp, filter: 'none', metrics: ['acc'] });
    });
    const log = join(dir, 'samples_winogrande.jsonl');
    writeFileSync(log, lines.join('\n'));
    // The contexts really score differently, so a rescore on the first context would be far off.
    expect(Math.abs(lls[0] - lls[1])).toBeGreaterThan(1e-3);
    const r = await runInProcess(['harness', log, '--model', model, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      accuracies: { rules: Record<string, { value: number }> };
      rescore: { max_abs_ll_diff: number; metrics: { accuracies: { rules: Record<string, { value: number }> } } };
      warnings: string[];
    };
    expect(out.rescore.max_abs_ll_diff).toBeLessThan(1e-9);
    const pred = (xs: number[]) => xs.indexOf(Math.max(...xs));
    const expected = (pred(lls.slice(0, 2)) === 1 ? 1 : 0) + (pred(lls.slice(2, 5)) === 0 ? 1 : 0);
    expect(out.accuracies.rules.acc.value).toBe(expected / 2);
    expect(out.rescore.metrics.accuracies.rules.acc.value).toBe(expected / 2);
    expect(out.warnings.join('\n')).toMatch(/multiple_input/);
    expect(r.stderr).not.toMatch(/rescored log-likelihoods differ/);
    // check --model scores each option on its own context too: its accuracy is the logged one (a
    // rescore on the first context alone scores one string twice and picks the first option).
    const c = await runInProcess(['check', log, '--model', model, '--json']);
    expect(c.code, c.stderr).toBe(0);
    const checked = JSON.parse(c.stdout) as { logged: { rules: Record<string, { value: number }> }; model: { rules: Record<string, { value: number }> } };
    expect(checked.logged.rules.acc.value).toBe(expected / 2);
    expect(checked.model.rules.acc.value).toBe(expected / 2);
    expect(checked.model.rules.acc_norm.value).toBe(checked.logged.rules.acc_norm.value);
  });
  it('a rescore that does not reproduce the log says so on stderr', async () => {
    const log = join(dir, 'samples_other.jsonl');
    const rec = (id: number) => JSON.stringify({ doc_id: id, doc: {}, target: '0', arguments: { gen_args_0: { arg_0: 'Once upon a time', arg_1: ' there' }, gen_args_1: { arg_0: 'Once upon a time', arg_1: ' a cat' } }, filtered_resps: [['-0.5', 'False'], ['-1.0', 'False']], metrics: ['acc'] });
    writeFileSync(log, [rec(0), rec(1)].join('\n'));
    const r = await runInProcess(['harness', log, '--model', model, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: the rescored log-likelihoods differ from the logged ones by up to [\d.]+ nats \(mean [\d.]+\): the log was not written by .*stories260K at fp32/m);
  });
});
