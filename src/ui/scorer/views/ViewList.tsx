// The room's and a figure's results, drawn by iterating the one list of views (index.ts).
import { Fragment, Suspense } from 'react';
import { scorerViews, type FigureViewProps, type RoomViewProps } from './index';

export function RoomViews(props: RoomViewProps) {
  return (
    <>
      {scorerViews().map((v) => v.room && <Fragment key={v.key}>{v.room(props)}</Fragment>)}
    </>
  );
}

/**
 * The parts `parts` names, in the list's order. The eager ones come first, then the lazy ones under
 * one "Loading the figure…" while their code is fetched.
 */
export function FigureViews(props: FigureViewProps & { parts: readonly string[] }) {
  const shown = scorerViews().filter((v) => v.figure && v.part !== undefined && props.parts.includes(v.part));
  const draw = (lazy: boolean) => shown.filter((v) => v.lazy === lazy).map((v) => <Fragment key={v.key}>{v.figure!(props)}</Fragment>);
  return (
    <>
      {draw(false)}
      <Suspense fallback={<p className="loading small">Loading the figure…</p>}>{draw(true)}</Suspense>
    </>
  );
}
