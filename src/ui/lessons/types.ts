// What a lesson is made of: steps with text, one live widget each, an optional predict-then-reveal
// question, and claims that are checked against the live numbers every time the step is shown.
import type { LengthCurveFit, LogRatioBin } from '../../core/judge/lengthCurve';
import type { JudgeParams, SimulationResult } from '../../core/judge/simulate';
import type { ItemScore, RuleName } from '../../core/scoring/types';
import type { TaskRunSnapshot } from '../../state/snapshot';
import type { PmiBytesRow, SharpenRow, SharpenTrace } from './leftoverFacts';
import type { PaddingPoint } from './paddingFacts';

export interface ScorerWidget {
  kind: 'scorer';
  context: string;
  candidates: string[];
  /** PMI's unconditional context ('' = BOS only). */
  unconditionalContext?: string;
  /** The rules this step is about: their columns are highlighted. */
  focus: RuleName[];
  /** Winners the text states, by rule (candidate index): checked live. */
  winners: Partial<Record<RuleName, number>>;
  /** 'extensivity': the raw sums drawn against length beside the line −L×H (ExtensivityFigure), not the Scorer table. */
  view?: 'extensivity';
}

/**
 * Task lab data: the stories cloze sample scored plain and with a fixed opener on every answer
 * (the BPB views), or the stories choice sample in full text and with letter keys ('accuracy').
 */
export interface TaskWidget {
  kind: 'task';
  /** 'mix': the opener run in a short-heavy and a long-heavy length mix, under corpus BPB and PriorBPB. */
  view: 'scatter' | 'quintiles' | 'corpus' | 'prior' | 'mix' | 'accuracy';
}

export interface JudgeWidget {
  kind: 'judge';
  params: Partial<JudgeParams>;
}

/** The judge simulation swept over A's padding (its typical log length ratio), the other parameters held. */
export interface PaddingWidget {
  kind: 'padding';
  params: Partial<JudgeParams>;
}

/** A real AlpacaEval 2 result file, audited live (or its cited summary where the data is not served). */
export interface AuditWidget {
  kind: 'audit';
  model: AlpacaModel;
  view: 'overlap' | 'fit' | 'contrast' | 'honest';
}

/** The sharpening steps: a 4-way choice task scored with the logits divided by a few temperatures. */
export interface SharpenWidget {
  kind: 'sharpen';
  /** The columns shown (no spoilers: the first step shows acc alone). */
  show: ('acc' | 'acc_norm')[];
}

/** The PMI-per-byte step: the full-text story questions under PMI, and PMI divided by bytes. */
export interface PmiBytesWidget {
  kind: 'pmiBytes';
}

/** The same candidates tokenised by the lesson model's tokenizer and by a larger one (see FertilityFigure). */
export interface FertilityWidget {
  kind: 'fertility';
  context: string;
  candidates: string[];
}

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

export type Widget = ScorerWidget | TaskWidget | JudgeWidget | PaddingWidget | AuditWidget | SharpenWidget | PmiBytesWidget | FertilityWidget;

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

/** The live numbers a step's question and claims are judged against. */
export type Facts =
  | { kind: 'scorer'; result: ItemScore }
  | { kind: 'task'; runs: TaskRunSnapshot[] }
  | { kind: 'judge'; sim: SimulationResult; params: JudgeParams; ms: number }
  | { kind: 'padding'; points: PaddingPoint[] }
  | { kind: 'audit'; audits: AuditFacts[] }
  /** `rows`: T = 0.5, 1, 2; `curve`: T from 0.25 to 4 (the slider); `trace`: one item token by token. */
  | { kind: 'sharpen'; items: number; rows: SharpenRow[]; curve: SharpenRow[]; trace: SharpenTrace | null }
  | { kind: 'pmiBytes'; items: number; goldShortest: number; rows: PmiBytesRow[] }
  /** `result`: the lesson model's scores; `tokenizers`: its tokenizer first, then the other. */
  | { kind: 'fertility'; result: ItemScore; tokenizers: TokenizerFacts[] };

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
