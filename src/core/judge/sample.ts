// A realistic verdict file made with the simulation: the app ships its output as
// public/samples/judge-verdicts.csv (`lengthlens judge sample > public/samples/judge-verdicts.csv`).
// Lengths are in characters; each category has its own typical verbosity; a few prompts were
// judged in one order only, some verdicts are ties, and a subset carries a human label.
import { createRng } from './rng';
import { sigmoid } from './logistic';
import { DEFAULT_PARAMS, QUALITY_MEAN, type JudgeParams } from './simulate';

export const SAMPLE_COLUMNS = ['prompt_id', 'a_first', 'verdict', 'len_a', 'len_b', 'category', 'human'] as const;

const CATEGORIES: { name: string; lengthShift: number; typicalChars: number }[] = [
  { name: 'coding', lengthShift: 0.1, typicalChars: 1400 },
  { name: 'writing', lengthShift: 0.35, typicalChars: 1800 },
  { name: 'math', lengthShift: -0.15, typicalChars: 700 },
  { name: 'reasoning', lengthShift: 0, typicalChars: 900 },
  { name: 'extraction', lengthShift: -0.3, typicalChars: 400 },
];

export interface SampleOptions {
  prompts?: number;
  judge?: Partial<JudgeParams>;
  /** Share of prompts judged in one order only. */
  singleOrder?: number;
  /** Share of prompts with a human label. */
  humanLabelled?: number;
}

export function generateSampleVerdicts(opts: SampleOptions = {}): string {
  const p = { ...DEFAULT_PARAMS, ...opts.judge };
  const prompts = opts.prompts ?? 400;
  const singleOrder = opts.singleOrder ?? 0.04;
  const humanLabelled = opts.humanLabelled ?? 0.2;
  const rng = createRng(p.seed);
  const lines: string[] = [SAMPLE_COLUMNS.join(',')];
  const hard = (pA: number) => {
    // Ties are likeliest when the judge is torn.
    if (rng.uniform() < 0.3 * pA * (1 - pA)) return 'tie';
    return rng.uniform() < pA ? 'A' : 'B';
  };
  const other = Math.sqrt(1 - p.rho * p.rho);
  for (let i = 0; i < prompts; i++) {
    const cat = CATEGORIES[rng.int(CATEGORIES.length)];
    const z = rng.normal();
    const d = QUALITY_MEAN + z;
    const x = p.m + cat.lengthShift + p.s * (p.rho * z + other * rng.normal());
    const lenB = Math.max(20, Math.round(cat.typicalChars * Math.exp(0.45 * rng.normal())));
    const lenA = Math.max(10, Math.round(lenB * Math.exp(x)));
    const id = `p${String(i + 1).padStart(4, '0')}`;
    // Humans see the quality gap more sharply than the judge, with no position or length bias.
    const human = rng.uniform() < humanLabelled ? hard(sigmoid(3 * d)) : '';
    const orders = rng.uniform() < singleOrder ? [rng.uniform() < 0.5] : rng.uniform() < 0.5 ? [true, false] : [false, true];
    for (const aFirst of orders) {
      const pA = sigmoid(d + (aFirst ? p.b : -p.b) + p.lambda * x);
      lines.push([id, aFirst ? 1 : 0, hard(pA), lenA, lenB, cat.name, human].join(','));
    }
  }
  return lines.join('\n') + '\n';
}
