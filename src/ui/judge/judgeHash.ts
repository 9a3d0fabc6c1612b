// The Judge lab's view and slider values live in the hash (#/judge/sweeps?b=0.8&rho=0.3), so a
// link reproduces the figure. The hash is untrusted: unknown keys are ignored, values must be
// numbers inside the sliders' ranges, and an oversized hash is ignored.
import { DEFAULT_PARAMS, type JudgeParams } from '../../core/judge/simulate';

export const JUDGE_TABS = ['simulation', 'sweeps', 'montecarlo', 'audit'] as const;
export type JudgeTab = (typeof JUDGE_TABS)[number];

const MAX_HASH = 512;

/** Accepted range of each parameter in a link (the sliders' ranges; seed and n as whole numbers). */
export const PARAM_RANGES: Record<keyof JudgeParams, { min: number; max: number; integer?: boolean }> = {
  b: { min: 0, max: 2 },
  lambda: { min: 0, max: 2 },
  m: { min: -1, max: 1.5 },
  s: { min: 0, max: 1.5 },
  rho: { min: -0.95, max: 0.95 },
  n: { min: 100, max: 10000, integer: true },
  seed: { min: 1, max: 1_000_000, integer: true },
};

export function parseJudgeHash(hash: string): { tab: JudgeTab; params: JudgeParams } {
  const params: JudgeParams = { ...DEFAULT_PARAMS };
  if (hash.length > MAX_HASH) return { tab: 'simulation', params };
  const rest = hash.replace(/^#\/judge\/?/, '');
  const [path, query = ''] = rest.split('?', 2);
  const tab = (JUDGE_TABS as readonly string[]).includes(path) ? (path as JudgeTab) : 'simulation';
  for (const [key, raw] of new URLSearchParams(query)) {
    if (!Object.hasOwn(PARAM_RANGES, key)) continue;
    const range = PARAM_RANGES[key as keyof JudgeParams];
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value < range.min || value > range.max) continue;
    if (range.integer && !Number.isInteger(value)) continue;
    params[key as keyof JudgeParams] = value;
  }
  return { tab, params };
}

export function formatJudgeHash(tab: JudgeTab, params: JudgeParams): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(PARAM_RANGES) as (keyof JudgeParams)[]) {
    if (params[key] !== DEFAULT_PARAMS[key]) query.set(key, String(params[key]));
  }
  const path = tab === 'simulation' ? '#/judge' : `#/judge/${tab}`;
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}
