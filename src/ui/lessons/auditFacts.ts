// Real AlpacaEval 2 verdicts for the "when length control cannot be trusted" lesson. The two
// converted files ship with the app (`data/alpacaeval/converted/<model>.csv`, Apache-2.0, see the
// README); where they cannot be fetched (a host that leaves them out), the lesson shows the summary
// below, computed from the same files with the same audit.
import { auditVerdicts } from '../../core/judge/audit';
import { logRatioBins } from '../../core/judge/lengthCurve';
import { parseVerdicts } from '../../core/judge/verdicts';
import { ALPACA_PUBLISHED, LOG_RATIO_BIN } from './content';
import type { AlpacaModel, AuditFacts } from './types';

/** Bootstrap replicates for the lesson's intervals (the Judge lab's audit uses more). */
export const LESSON_BOOTSTRAP = { bootstrapReps: 200, seed: 1 } as const;

/** The audit of one converted AlpacaEval file, reduced to what the lesson shows. */
export function auditFacts(model: AlpacaModel, csv: string, source: AuditFacts['source']): AuditFacts {
  const parsed = parseVerdicts(csv);
  if (parsed.rows.length === 0) throw new Error(`the ${model} verdicts file has no usable rows`);
  const a = auditVerdicts(parsed.rows, LESSON_BOOTSTRAP);
  const median = a.lengthRatio.quantiles.find((q) => q.q === 0.5)?.ratio ?? NaN;
  const meanWin = (first: boolean) => {
    const rows = parsed.rows.filter((r) => r.aFirst === first);
    return rows.reduce((s, r) => s + r.pA, 0) / rows.length;
  };
  return {
    model,
    prompts: a.counts.prompts,
    raw: a.estimates.raw.estimate,
    lc: a.estimates.lc.estimate,
    lcLo: a.estimates.lc.lo,
    lcHi: a.estimates.lc.hi,
    aLonger: a.lengthRatio.aLonger,
    medianRatio: median,
    winFirst: meanWin(true),
    winSecond: meanWin(false),
    published: ALPACA_PUBLISHED[model],
    source,
    support: { supported: a.lcSupport.supported, reason: a.lcSupport.reason, range: a.lcSupport.lcRange },
    lengthCurve: { fit: { theta: a.theta, phi: a.phi, gamma: a.gamma, sdX: a.sdX }, bins: logRatioBins(parsed.rows, LOG_RATIO_BIN) },
  };
}

/**
 * The same figures, computed with `auditFacts` from alpaca_eval's annotations at commit cd543a1
 * (converted to the audit's CSV), for readers where the data is not served.
 */
export const AUDIT_SUMMARY: Record<AlpacaModel, Omit<AuditFacts, 'source' | 'lengthCurve'>> = {
  gpt4_gamed: {
    model: "gpt4_gamed",
    prompts: 805,
    raw: 0.03738337371378886,
    lc: 0.7036248464431305,
    lcLo: 0.6314940762948056,
    lcHi: 0.7610892989477966,
    aLonger: 0.03850931677018633,
    medianRatio: 0.004757373929590865,
    winFirst: 0.02605008819704437,
    winSecond: 0.04891548880100255,
    published: ALPACA_PUBLISHED["gpt4_gamed"],
    support: {
      supported: false,
      reason: "A's answer is the longer on only 3.9% of prompts (31 of 805; LC needs at least 10.0% and 20 on each side): the fit extrapolates the length effect to equal length from too few prompts",
      range: {
        low: 0.03748278849902344,
        high: 0.28560505213872467,
      },
    },
  },
  "FuseChat-Gemma-2-9B-Instruct": {
    model: "FuseChat-Gemma-2-9B-Instruct",
    prompts: 805,
    raw: 0.7049713534560244,
    lc: 0.7121268444974399,
    lcLo: 0.6891597654337944,
    lcHi: 0.7361557820013377,
    aLonger: 0.5254658385093167,
    medianRatio: 1.0189818809318378,
    winFirst: 0.6014314324800493,
    winSecond: 0.8103277642736845,
    published: ALPACA_PUBLISHED["FuseChat-Gemma-2-9B-Instruct"],
    support: {
      supported: true,
      reason: null,
      range: null,
    },
  },
};

const dataUrl = (model: AlpacaModel) => new URL(`data/alpacaeval/converted/${model}.csv`, document.baseURI).href;

/** Audit the served data live, or fall back to the cited summary (and say which). */
export async function loadAuditFacts(model: AlpacaModel): Promise<AuditFacts> {
  try {
    const r = await fetch(dataUrl(model));
    const type = r.headers.get('content-type') ?? '';
    if (r.ok && !type.includes('html')) return auditFacts(model, await r.text(), 'live');
  } catch {
    // Not served here (or unreadable): the summary below.
  }
  return { ...AUDIT_SUMMARY[model], source: 'summary', lengthCurve: null };
}
