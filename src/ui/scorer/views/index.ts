// The Scorer's views, once: the room draws those with a `room` renderer and a snapshot figure those
// with a `figure` renderer and a `part` the figure asks for, each in this order. Adding a view: its
// file here, and one line in SCORER_VIEWS.
import { bannerView } from './banner';
import { chartView } from './chart';
import { compareView } from './compare';
import { modelsView } from './models';
import { statusView } from './status';
import { tableView } from './table';
import { templateView } from './template';
import { tracesView } from './traces';
import type { ScorerView } from './types';
import { variantsView } from './variants';
import { warningsView } from './warnings';
import { winnersView } from './winners';

export type { FigureViewProps, RoomViewProps, ScorerView } from './types';

const SCORER_VIEWS: ScorerView[] = [
  bannerView,
  statusView,
  winnersView,
  tableView,
  templateView,
  variantsView,
  modelsView,
  warningsView,
  tracesView,
  chartView,
  compareView,
];

/** Every view, in drawing order. */
export function scorerViews(): readonly ScorerView[] {
  return SCORER_VIEWS;
}

/** Add a view at run time (a plug-in, or a test): last, or before the view keyed `before`. */
export function registerScorerView(view: ScorerView, before?: string): void {
  if (SCORER_VIEWS.some((v) => v.key === view.key || (view.part !== undefined && v.part === view.part))) throw new Error(`a Scorer view “${view.key}” (or its part) is registered already`);
  const at = before === undefined ? -1 : SCORER_VIEWS.findIndex((v) => v.key === before);
  if (at < 0) SCORER_VIEWS.push(view);
  else SCORER_VIEWS.splice(at, 0, view);
}

/** The parts a figure can show (`parts=`), in the order they are drawn. */
export function figureParts(): string[] {
  return SCORER_VIEWS.flatMap((v) => (v.part !== undefined && v.figure ? [v.part] : []));
}

/** Fetch the code of every lazy view the room draws (the room waits for it before its first render). */
export function preloadRoomViews(): Promise<void> {
  return Promise.all(SCORER_VIEWS.map((v) => (v.lazy && v.room ? v.preload() : undefined))).then(() => undefined);
}
