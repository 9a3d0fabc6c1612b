// The score command's result writer and progress line, without a model.
import { describe, expect, it } from 'vitest';
import { progressReporter, ResultWriter } from '../../src/cli/commands/score';
import type { ItemScore } from '../../src/core/scoring/types';
import { RULES } from '../../src/core/scoring/winners';

// No winner under any rule of the rule table.
const noWinners = Object.fromEntries(Object.keys(RULES).map((r) => [r, -1])) as ItemScore['winners'];
const item = (context: string): ItemScore => ({ context, candidates: [], winners: noWinners, warnings: [] });

function sink() {
  let text = '';
  return { write: async (s: string) => void (text += s), text: () => text };
}

describe('ResultWriter', () => {
  it('--json: written piece by piece, byte for byte the whole document', async () => {
    const out = sink();
    const w = new ResultWriter('json', out.write, { model: 'm', dtype: 'fp32', lengths: 'harness' });
    const items = [item('a'), item('b\n"c"'), item('')];
    for (const it of items) await w.item(it);
    await w.end();
    expect(out.text()).toBe(JSON.stringify({ model: 'm', dtype: 'fp32', lengths: 'harness', items }, null, 2) + '\n');
  });

  it('a run that fails midway still leaves one valid document: the items done and the error', async () => {
    const out = sink();
    const w = new ResultWriter('json', out.write, { model: 'm', dtype: 'q8', lengths: 'typed' });
    await w.item(item('a'));
    await w.end('the engine stopped');
    expect(JSON.parse(out.text())).toEqual({ model: 'm', dtype: 'q8', lengths: 'typed', items: [item('a')], error: 'the engine stopped' });
    const none = sink();
    await new ResultWriter('json', none.write, { model: 'm', dtype: 'q8', lengths: 'typed' }).end('failed at once');
    expect(JSON.parse(none.text())).toEqual({ model: 'm', dtype: 'q8', lengths: 'typed', items: [], error: 'failed at once' });
  });

  it('--jsonl: one compact line per item, NaN written as null', async () => {
    const out = sink();
    const w = new ResultWriter('jsonl', out.write, { model: 'm', dtype: 'fp32', lengths: 'harness' });
    const nan = { ...item('x'), candidates: [{ sum_logprob: NaN } as never] };
    await w.item(nan);
    await w.item(item('y'));
    await w.end();
    expect(out.text()).toBe(`${JSON.stringify({ lengths: 'harness', ...nan, candidates: [{ sum_logprob: null }] })}\n${JSON.stringify({ lengths: 'harness', ...item('y') })}\n`);
  });
});

describe('progressReporter', () => {
  function stream(isTTY: boolean) {
    const lines: string[] = [];
    return { s: { isTTY, write: (x: string) => (lines.push(x), true) } as unknown as NodeJS.WriteStream, lines };
  }

  it('says nothing for a short run', () => {
    let t = 0;
    const { s, lines } = stream(false);
    const p = progressReporter(100, s, () => t);
    for (let i = 1; i <= 100; i++) {
      t += 100; // 10 s in all
      p.tick(i);
    }
    p.end();
    expect(lines).toEqual([]);
  });

  it('in a log: one line every 15 s once past 15 s, with rate and time left', () => {
    let t = 0;
    const { s, lines } = stream(false);
    const p = progressReporter(1000, s, () => t);
    for (let i = 1; i <= 40; i++) {
      t = i * 1000; // one item per second
      p.tick(i);
    }
    expect(lines).toEqual([
      'lengthlens score: scored 15/1000 items (1.0 items/s, about 17 min left)\n',
      'lengthlens score: scored 30/1000 items (1.0 items/s, about 17 min left)\n',
    ]);
  });

  it('on a terminal: one updating line after a second, closed with a newline', () => {
    let t = 0;
    const { s, lines } = stream(true);
    const p = progressReporter(10, s, () => t);
    t = 500;
    p.tick(1);
    t = 2000;
    p.tick(8);
    t = 2500;
    p.tick(10);
    p.end();
    expect(lines).toEqual(['\rscored 8/10 items (4.0 items/s, about 1 s left)', '\rscored 10/10 items (4.0 items/s)', '\n']);
  });
});
