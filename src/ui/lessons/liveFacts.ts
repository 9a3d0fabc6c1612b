// A step's live numbers, computed: scored on the lesson model, simulated, or audited. Loaded only
// when a step computes (a snapshot figure or a question never loads the model, task or judge code).
import { DEFAULT_PARAMS, simulateJudge } from '../../core/judge/simulate';
import type { TaskRunSnapshot } from '../../state/snapshot';
import { withLengthConvention } from '../../core/scoring/lengthConvention';
import { loadAuditFacts } from './auditFacts';
import { fertilityFacts } from './fertilityFacts';
import { paddingSweep } from './paddingFacts';
import { LESSON_LENGTHS } from './content';
import { lessonModel, scoreItems } from './lessonEngine';
import { bpbRuns, lengthMixFacts, letterRuns } from './taskFacts';
import { CURVE_TEMPERATURES, pmiBytesRows, pmiSet, sharpenFacts, sharpenRequests, sharpenSet } from './leftoverFacts';
import { scoreTempered, type TemperedCandidate } from '../../state/engineSession';
import type { AlpacaModel, Facts, Widget } from './types';
import type { FactsState } from './useFacts';

let bpb: Promise<TaskRunSnapshot[]> | null = null;
let letters: Promise<TaskRunSnapshot[]> | null = null;
let mixes: Promise<TaskRunSnapshot[]> | null = null;
let sharpen: Promise<Extract<Facts, { kind: 'sharpen' }>> | null = null;

/** The sharpening steps' numbers: every item scored once at all the slider's temperatures, on the lesson model. */
async function liveSharpen(): Promise<Extract<Facts, { kind: 'sharpen' }>> {
  await lessonModel();
  const set = sharpenSet();
  const scored: TemperedCandidate[][] = [];
  for (const req of sharpenRequests(set)) scored.push(await scoreTempered({ ...req, temperatures: [...CURVE_TEMPERATURES] }));
  return { kind: 'sharpen', ...sharpenFacts(set, scored) };
}
const ALPACA: AlpacaModel[] = ['gpt4_gamed', 'FuseChat-Gemma-2-9B-Instruct'];

/** Compute a widget's facts live. */
export async function liveFacts(w: Widget): Promise<Extract<FactsState, { status: 'ready' }>> {
  switch (w.kind) {
    case 'scorer': {
      const [raw] = await scoreItems([{ context: w.context, candidates: w.candidates }], w.unconditionalContext ?? '');
      const result = withLengthConvention(raw, LESSON_LENGTHS);
      const m = await lessonModel();
      return { status: 'ready', facts: { kind: 'scorer', result }, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'task': {
      const p = w.view === 'accuracy' ? (letters ??= letterRuns()) : w.view === 'mix' ? (mixes ??= lengthMixFacts()) : (bpb ??= bpbRuns());
      const runs = await p.catch((e: unknown) => {
        if (w.view === 'accuracy') letters = null;
        else if (w.view === 'mix') mixes = null;
        else bpb = null;
        throw e;
      });
      const m = await lessonModel();
      return { status: 'ready', facts: { kind: 'task', runs }, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'judge': {
      const params = { ...DEFAULT_PARAMS, ...w.params };
      const t0 = performance.now();
      const sim = simulateJudge(params);
      return { status: 'ready', facts: { kind: 'judge', sim, params, ms: performance.now() - t0 }, origin: 'live', model: null };
    }
    case 'padding':
      return { status: 'ready', facts: { kind: 'padding', points: paddingSweep(w.params) }, origin: 'live', model: null };
    case 'sharpen': {
      const facts = await (sharpen ??= liveSharpen()).catch((e: unknown) => {
        sharpen = null;
        throw e;
      });
      const m = await lessonModel();
      return { status: 'ready', facts, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'pmiBytes': {
      const set = pmiSet();
      const results = await scoreItems(sharpenRequests(set), '', false);
      const m = await lessonModel();
      return { status: 'ready', facts: { kind: 'pmiBytes', items: set.items.length, ...pmiBytesRows(set, results) }, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'fertility': {
      const facts = await fertilityFacts(w);
      const m = await lessonModel();
      return { status: 'ready', facts, origin: 'live', model: m.snapshotModel, deviceReason: m.deviceReason, loadId: m.loadId };
    }
    case 'audit': {
      const audits = await Promise.all(ALPACA.map(loadAuditFacts));
      return { status: 'ready', facts: { kind: 'audit', audits }, origin: audits.every((a) => a.source === 'live') ? 'live' : 'summary', model: null };
    }
  }
}
