// Messages between the Judge lab and its Worker (Monte Carlo and audit run off the main thread).
import type { MonteCarloParams, MonteCarloResult } from '../../core/judge/monteCarlo';
import type { AuditResult, LengthFeatureKind } from '../../core/judge/audit';
import type { ParsedVerdicts } from '../../core/judge/verdicts';

export type WorkerRequest =
  | { kind: 'montecarlo'; id: number; params: MonteCarloParams }
  | { kind: 'audit'; id: number; text: string; bootstrapReps: number; lengthFeature?: LengthFeatureKind };

export type WorkerReply =
  | { kind: 'progress'; id: number; done: number; total: number }
  | { kind: 'montecarlo'; id: number; result: MonteCarloResult }
  | { kind: 'audit'; id: number; parsed: ParsedVerdicts; result: AuditResult | null }
  | { kind: 'error'; id: number; message: string };
