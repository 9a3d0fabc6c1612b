// The Scorer's views are registered once: the room and a snapshot figure draw the one list, so a view
// added with one registration appears in both, at its place, and becomes a `parts=` name.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createNodeEngine } from '../../../src/engine/node';
import { withLengthConvention } from '../../../src/core/scoring/lengthConvention';
import { DEFAULT_SCORE_OPTIONS, type ItemScore } from '../../../src/core/scoring/types';
import { checkInput } from '../../../src/state/inputCheck';
import { scorerSnapshot } from '../../../src/state/snapshot';
import type { ScoringState } from '../../../src/state/engineSession';
import { figureOptions, figureParts } from '../../../src/ui/embed/figureOptions';
import { SnapshotFigure } from '../../../src/ui/embed/SnapshotFigure';
import { preloadRoomViews, registerScorerView, scorerViews, type RoomViewProps } from '../../../src/ui/scorer/views';
import { RoomViews } from '../../../src/ui/scorer/views/ViewList';

const CONTEXT = 'Tim got out of the pool. His mom gave him a';
const CANDIDATES = [' hat.', ' big soft towel.', ' towel.'];
let result: ItemScore;

beforeAll(async () => {
  const engine = await createNodeEngine({ kind: 'path', path: path.resolve('models/stories260K') }, 'fp32');
  result = withLengthConvention(await engine.score({ context: CONTEXT, candidates: CANDIDATES, options: DEFAULT_SCORE_OPTIONS }), 'harness');
  await engine.unload();
});

const idle: ScoringState = { result: null, templated: null, input: null, running: false, error: null, rescoring: [], runId: 0, requestedAt: 0, finishedAt: 0 };

function roomProps(over: Partial<RoomViewProps> = {}): RoomViewProps {
  return {
    result: null, templated: null, early: false, embed: false, input: checkInput(CONTEXT, CANDIDATES), scoring: idle, loadStatus: 'idle',
    indices: [0, 1, 2], gold: null, units: 'bits', onUnits: () => undefined, candidateCount: 3, stale: false, lengths: 'harness', onLengths: () => undefined, compareWanted: false,
    ...over,
  };
}

function figure(parts: string): string {
  const snap = scorerSnapshot({ id: 'stories260K', choice: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'wasm' }, result, {
    indices: [0, 1, 2], gold: 1, unconditionalContext: '', boundaryPolicy: 'whole', lengths: 'harness',
  });
  if (!snap.ok) throw new Error(snap.error);
  return renderToStaticMarkup(createElement(SnapshotFigure, { parsed: snap, options: figureOptions(null, parts, false), openHref: '/' }));
}

describe('Scorer views', () => {
  it('give the figure parts in drawing order, with unique keys, and the room every view it draws', async () => {
    expect(figureParts()).toEqual(['banner', 'winners', 'table', 'traces', 'chart', 'compare']);
    const keys = scorerViews().map((v) => v.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(scorerViews().filter((v) => v.room).map((v) => v.key)).toEqual(['banner', 'status', 'table', 'template', 'variants', 'models', 'warnings', 'traces', 'chart']);
    // Only the views a figure shows by default are eager (the rest stay out of a figure's first bytes).
    expect(scorerViews().filter((v) => v.figure && !v.lazy).map((v) => v.part)).toEqual(['banner', 'winners']);
    await preloadRoomViews();
    // Before any result the room draws the status line and the table's pending rows.
    const html = renderToStaticMarkup(createElement(RoomViews, roomProps()));
    expect(html).toContain('data-testid="results-placeholder"');
    expect(html.match(/pending-cell/g)).toHaveLength(3);
  });

  it('draw a registered view in the room and in a figure, at its place, and accept its part name', async () => {
    // Before it is registered, the part is refused by name and nothing of it is drawn.
    const before = figure('banner,probe');
    expect(before).toContain('part “probe” is not among banner, winners, table, traces, chart, compare (or all)');
    expect(before).not.toContain('data-testid="probe"');
    registerScorerView(
      {
        key: 'probe',
        part: 'probe',
        label: 'a test view',
        lazy: false,
        room: (p) => createElement('p', { 'data-testid': 'probe' }, `room: ${p.candidateCount} candidates`),
        figure: (p) => createElement('p', { 'data-testid': 'probe' }, `figure: winner under acc ${p.result.winners.acc}`),
      },
      'table',
    );
    expect(() => registerScorerView({ key: 'probe', label: 'again', lazy: false })).toThrow(/registered already/);
    expect(figureParts()).toEqual(['banner', 'winners', 'probe', 'table', 'traces', 'chart', 'compare']);
    const o = figureOptions(null, 'Probe, banner', false);
    expect(o).toEqual({ theme: 'auto', parts: ['banner', 'probe'], problems: [] });

    const fig = figure('probe,banner');
    expect(fig).toContain(`<p data-testid="probe">figure: winner under acc ${result.winners.acc}</p>`);
    expect(fig.indexOf('data-testid="probe"')).toBeGreaterThan(fig.indexOf('class="banner'));
    expect(figure('banner')).not.toContain('data-testid="probe"');

    await preloadRoomViews();
    const room = renderToStaticMarkup(createElement(RoomViews, roomProps()));
    expect(room).toContain('<p data-testid="probe">room: 3 candidates</p>');
    // Before the table, after the status line.
    expect(room.indexOf('data-testid="probe"')).toBeLessThan(room.indexOf('data-testid="score-table"'));
    expect(room.indexOf('data-testid="probe"')).toBeGreaterThan(room.indexOf('data-testid="results-placeholder"'));
  });
});
