// What a Scorer view is: one part of the results (banner, table, traces, …), drawn by the Scorer room
// from its live state and by a snapshot figure from its snapshot. Each view says how it renders in
// each place it appears; the room and the figure iterate the one list in index.ts.
import type { ReactNode } from 'react';
import type { LengthConvention } from '../../../core/scoring/lengthConvention';
import type { ItemScore } from '../../../core/scoring/types';
import type { LoadState, ScoringState } from '../../../state/engineSession';
import type { ScorableInput } from '../../../state/inputCheck';
import type { Units } from '../../../state/workspaceSchema';

/** What both places have: the result shown and how the candidates are named and shown. */
interface SharedViewProps {
  indices: number[];
  gold: number | null;
  units: Units;
  onUnits(u: Units): void;
}

/** What the Scorer room gives a view. */
export interface RoomViewProps extends SharedViewProps {
  /** The result shown (live, or the build-time first-visit scores); null before any. */
  result: ItemScore | null;
  /** The same input with the chat template, counted with the room's length convention (null: not asked). */
  templated: ItemScore | null;
  /** The first-visit scores are shown (no live result yet). */
  early: boolean;
  /** The chrome-less room of an iframe. */
  embed: boolean;
  input: ScorableInput;
  scoring: ScoringState;
  loadStatus: LoadState['status'];
  candidateCount: number;
  stale: boolean;
  lengths: LengthConvention;
  onLengths(c: LengthConvention): void;
  /** Called when the table has drawn a live result (undefined for the first-visit scores). */
  onRendered?: () => void;
  compareWanted: boolean;
}

/** What a snapshot figure gives a view. */
export interface FigureViewProps extends SharedViewProps {
  result: ItemScore;
  /** The second model's result, when the snapshot carries one. */
  other: ItemScore | null;
  labelA: string;
  labelB: string;
}

interface ViewBase {
  /** Unique among the views (React's key). */
  key: string;
  /** What it shows, in a few words. */
  label: string;
  /** The room draws it (absent: figures only). */
  room?: (p: RoomViewProps) => ReactNode;
  /** A figure draws it (absent: the room only). */
  figure?: (p: FigureViewProps) => ReactNode;
  /** Its name in an embed's `parts=` (absent: no figure part). */
  part?: string;
}

/**
 * `lazy`: its code is fetched on demand (a figure shows it under "Loading the figure…"; the room
 * fetches every lazy view before its first render, so it draws them at once). An eager view's code
 * is in every page that has the list: keep that for the small views a figure shows by default.
 */
export type ScorerView = ViewBase & ({ lazy: false } | { lazy: true; preload(): Promise<void> });
