// Per-token surprisal of each candidate.
import { memo } from 'react';
import { onDemand } from '../../common/onDemand';
import type { ScorerView } from './types';

// A keystroke re-renders the room while the charts' input (the last result) is unchanged: at a
// real model's size (80+ tokens over four rows) redrawing them is main-thread work on every key.
const Traces = onDemand(() => import('../SurprisalTraces').then((m) => memo(m.SurprisalTraces)));

export const tracesView: ScorerView = {
  key: 'traces',
  part: 'traces',
  label: 'the per-token surprisal traces',
  lazy: true,
  preload: Traces.preload,
  room: (p) => p.result && <Traces.Component result={p.result} indices={p.indices} gold={p.gold} />,
  figure: (p) => <Traces.Component result={p.result} indices={p.indices} gold={p.gold} />,
};
