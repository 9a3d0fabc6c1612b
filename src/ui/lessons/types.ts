// What a lesson is made of: steps with text, one live widget each, an optional predict-then-reveal
// question, and claims that are checked against the live numbers every time the step is shown.
import type { LengthCurveFit, LogRatioBin } from '../../core/judge/lengthCurve';
import type { Facts, Widget } from './widgets';

// A widget and its facts come from the registered widget kinds (widgets/, one file a kind).
export type { Facts, Widget } from './widgets';
export type { AuditWidget } from './widgets/audit';
export type { FertilityWidget } from './widgets/fertility';
export type { JudgeWidget } from './widgets/judge';
export type { PaddingWidget } from './widgets/padding';
export type { PmiBytesWidget } from './widgets/pmiBytes';
export type { ScorerWidget } from './widgets/scorer';
export type { SharpenWidget } from './widgets/sharpen';
export type { TaskWidget } from './widgets/task';

/** One tokenizer's cut of the fertility widget's candidates. */
export interface TokenizerFacts {
  name: string;
  vocabSize: number;
  /** Per candidate: its tokens after the context (lm-eval split). */
  pieces: string[][];
  /** Per candidate: a token straddled the context's end. */
  merged: boolean[];
  /** Whether this build has trained weights for this tokenizer (else only its counts are shown). */
  scored: boolean;
}

export type AlpacaModel = 'gpt4_gamed' | 'FuseChat-Gemma-2-9B-Instruct';

/** What an audit of one AlpacaEval file shows (all rates 0–1). */
export interface AuditFacts {
  model: AlpacaModel;
  prompts: number;
  raw: number;
  lc: number;
  lcLo: number;
  lcHi: number;
  /** Share of prompts where the evaluated model's answer is the longer one. */
  aLonger: number;
  /** Median length ratio (model / baseline). */
  medianRatio: number;
  /** The evaluated model's mean win rate on the verdicts where the judge saw its answer first, and second. */
  winFirst: number;
  winSecond: number;
  /** AlpacaEval's own published figures for this model. */
  published: { winRate: number; lc: number; avgLength: number };
  /** 'live': audited here from the served data; 'summary': cited numbers (data not served). */
  source: 'live' | 'summary';
  /** The audit's verdict on whether the lengths support an LC point, and LC's plausible range when not. */
  support: { supported: boolean; reason: string | null; range: { low: number; high: number } | null };
  /** The LC fit's coefficients and the prompts binned by log length ratio (null in the cited summary). */
  lengthCurve: { fit: LengthCurveFit; bins: LogRatioBin[] } | null;
}

export interface Question {
  prompt: string;
  /** 'candidates': the scorer widget's candidates are the options. */
  options: string[] | 'candidates';
  /** The option the step's text says is right. */
  claim: number;
  /** The option the live numbers make right. */
  answer(f: Facts): number;
  /** For each wrong option: the misconception behind it, answered (shown under "Not quite"). */
  wrongBecause?: Record<number, string>;
  /**
   * Phrases that state or decide the answer. Each is said in the step's reveal (its telling title,
   * a sentence after the figure, or a "Not quite" note), and none may be on screen before the
   * commit: not in a title, a body, the index, a caption or an earlier reveal (test/ui/lessons/noSpoilers.test.ts).
   */
  decidedBy?: string[];
}

export interface Claim {
  text: string;
  holds(f: Facts): boolean;
}

export interface Step {
  id: string;
  /** Shown until the reveal, and in the step list and embed titles: says what the step asks, never what it finds. */
  title: string;
  /** Shown once the step is revealed, in place of `title`: the step's finding. */
  revealTitle?: string;
  /** A final-quiz item's source: the lesson step it transfers (a missed item links back to it). */
  from?: { lesson: string; step: string };
  /** A few sentences; `*x*` is emphasis. */
  body: string[];
  widget: Widget;
  /** Asked before the live numbers are shown. */
  question?: Question;
  /** Shown after the reveal: fixed text, or text written from the live numbers (so it cannot drift from them). */
  after?: (string | ((f: Facts) => string))[];
  /** Extra statements about the numbers, each checked live. */
  claims?: Claim[];
}

export interface Lesson {
  id: string;
  title: string;
  /** The index card's line: what the lesson asks, not what it finds (the index is seen before every step). */
  summary: string;
  steps: Step[];
  /** How the picture changes on a larger hub model. */
  larger: string;
  /** The heading of the `larger` box ("On a larger model" when absent). */
  largerTitle?: string;
}
