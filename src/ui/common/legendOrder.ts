// A chart legend that lists its series in the order they are drawn. Recharts 3 sorts legend items
// by their label unless told otherwise, so "long-heavy" came before "short-heavy" and "T = 0.5"
// before "T = 1" however the bars stood.
import type { LegendPayload } from 'recharts';

/** A Legend `itemSorter`: each item at the place of its name in `names` (the drawing order); unknown names last. */
export function inDrawingOrder(names: readonly string[]): (item: LegendPayload) => number {
  return (item) => {
    const k = names.indexOf(String(item.value));
    return k < 0 ? names.length : k;
  };
}
