// What a lesson widget kind is: how its live numbers are computed, how its figure is drawn, and what
// it adds to a step (question options, claims, snapshots). One file a kind; the list is index.ts.
import type { ComponentType } from 'react';
import type { RuleName } from '../../../core/scoring/types';
import type { Snapshot, SnapshotModel } from '../../../state/snapshot';
import type { Claim } from '../types';

/** A widget's numbers, ready: computed live, read from a snapshot, or the cited summary. */
export interface ReadyFacts<F> {
  status: 'ready';
  facts: F;
  origin: 'live' | 'snapshot' | 'summary';
  model: SnapshotModel | null;
  deviceReason?: string;
  loadId?: number;
}

export interface FigureProps<W, F> {
  widget: W;
  facts: F;
  /** The rules a figure may show. */
  taught: readonly RuleName[];
}

export interface WidgetKind<W extends { kind: string }, F extends { kind: W['kind'] }> {
  kind: W['kind'];
  /** It needs the language model (and so a download in an embed, on a click). */
  needsModel: boolean;
  /** Its numbers, computed live (the heavy code is fetched here, on demand). */
  live(w: W): Promise<ReadyFacts<F>>;
  /** Its figure (a component whose code is fetched on demand). */
  Figure: ComponentType<FigureProps<W, F>>;
  /** Fetch its figure's code (the room fetches every kind's with its first figure: see preloadFigures). */
  preload(): Promise<void>;
  /** A question's options when it asks about the widget's candidates (`options: 'candidates'`). */
  options?(w: W): string[];
  /** Claims the widget itself states, checked beside the step's own. */
  claims?(w: W): Claim[];
  /** Its numbers carried by a snapshot (an embed link), and what differs between a snapshot and live numbers. */
  snapshot?: {
    read(s: Snapshot): F | null;
    write(f: F, model: SnapshotModel): { ok: true; snapshot: Snapshot } | { ok: false; error: string };
    differences(s: Snapshot, f: F): string[];
  };
  /** What the origin line says of numbers computed live with no model (e.g. an audit of served data). */
  liveNote?: string;
  /** What the step shows of the widget before the reveal, under its text (a Scorer item: its context and candidates). */
  Item?: ComponentType<{ widget: W }>;
  /** Tools after the figure and its explanation, in the app only (a Scorer item: Try it); its code is fetched on demand. */
  Tools?: ComponentType<FigureProps<W, F>>;
}
