// The lesson widget kinds, once: a step's widget is computed, drawn, claimed and carried in snapshots
// by the kind registered under its `kind`. Adding a kind: its file here, and one line in WIDGET_KINDS.
import { auditKind } from './audit';
import { fertilityKind } from './fertility';
import { judgeKind } from './judge';
import { paddingKind } from './padding';
import { pmiBytesKind } from './pmiBytes';
import { scorerKind } from './scorer';
import { sharpenKind } from './sharpen';
import { taskKind } from './task';
import type { WidgetKind } from './types';

export const WIDGET_KINDS = [scorerKind, taskKind, judgeKind, paddingKind, auditKind, sharpenKind, pmiBytesKind, fertilityKind] as const;

type WidgetOf<K> = K extends WidgetKind<infer W, infer _F> ? W : never;
type FactsOf<K> = K extends WidgetKind<infer _W, infer F> ? F : never;

/** A step's live widget: one of the registered kinds'. */
export type Widget = WidgetOf<(typeof WIDGET_KINDS)[number]>;
/** The live numbers behind a widget, of the same kind. */
export type Facts = FactsOf<(typeof WIDGET_KINDS)[number]>;

/** The kind of a widget (or of facts): registered under its `kind`, so it is handed only its own widgets and facts. */
export function widgetKind(kind: Widget['kind']): WidgetKind<Widget, Facts> {
  const k = WIDGET_KINDS.find((x) => x.kind === kind);
  if (!k) throw new Error(`no lesson widget kind “${kind}” is registered`);
  return k as unknown as WidgetKind<Widget, Facts>;
}

/**
 * Fetch every kind's figure code (one chunk, LessonFigures): asked with the first figure shown, so
 * that a later step's figure, of any kind, draws at once.
 */
export function preloadFigures(): Promise<void> {
  return Promise.all(WIDGET_KINDS.map((k) => k.preload())).then(() => undefined);
}
