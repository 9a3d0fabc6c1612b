// Builds lm-eval-harness log_samples lines the way EvaluationTracker writes them: scores as Python
// repr strings, booleans as "True"/"False".
export interface FixtureDoc {
  docId: number;
  context: string;
  choices: string[];
  lls: string[];
  target: string;
  uncond?: string[];
  logged?: Record<string, number>;
  doc?: Record<string, unknown>;
  delimiter?: string;
}

export function logSampleLine(d: FixtureDoc): string {
  const delim = d.delimiter ?? ' ';
  const args: Record<string, { arg_0: string; arg_1: string }> = {};
  const conts = d.choices.map((c) => delim + c);
  const reqs = conts.map((c) => [d.context, c] as const);
  if (d.uncond) reqs.push(...conts.map((c) => ['', c] as const));
  reqs.forEach(([a0, a1], i) => (args[`gen_args_${i}`] = { arg_0: a0, arg_1: a1 }));
  const lls = [...d.lls, ...(d.uncond ?? [])];
  const rec = {
    doc_id: d.docId,
    doc: d.doc ?? { question: d.context },
    target: d.target,
    arguments: args,
    resps: lls.map((ll) => [[ll, 'False']]),
    filtered_resps: lls.map((ll) => [ll, 'False']),
    filter: 'none',
    metrics: d.uncond ? ['acc', 'acc_norm', 'acc_mutual_info'] : ['acc', 'acc_norm'],
    ...d.logged,
  };
  return JSON.stringify(rec);
}

/** arc_easy docs 0-3 with pythia-70m log-likelihoods (research/lm-eval-harness.md §5 A). */
export const ARC_EASY_DOCS: FixtureDoc[] = [
  {
    docId: 0,
    context: 'Question: Which statement best explains why photosynthesis is the foundation of most food webs?\nAnswer:',
    choices: [
      'Sunlight is the source of energy for nearly all ecosystems.',
      'Most ecosystems are found on land instead of in water.',
      'Carbon dioxide is more available than other gases.',
      'The producers in all ecosystems are plants.',
    ],
    lls: ['-41.902435302734375', '-42.939308166503906', '-33.914180755615234', '-37.07139205932617'],
    target: '0',
    logged: { acc: 0.0, acc_norm: 0.0 },
  },
  {
    docId: 1,
    context: 'Question: Which piece of safety equipment is used to keep mold spores from entering the respiratory system?\nAnswer:',
    choices: ['safety goggles', 'breathing mask', 'rubber gloves', 'lead apron'],
    lls: ['-22.95258331298828', '-20.342208862304688', '-14.818366050720215', '-27.942853927612305'],
    target: '1',
    logged: { acc: 0.0, acc_norm: 0.0 },
  },
  {
    docId: 2,
    context: 'Question: Meiosis is a type of cell division in which germ cells divide. Which of these are germ cells?\nAnswer:',
    choices: ['brain cells', 'bone cells', 'muscle cells', 'ovary cells'],
    lls: ['-15.80704116821289', '-15.936427116394043', '-13.052018165588379', '-18.04828453063965'],
    target: '3',
    logged: { acc: 0.0, acc_norm: 0.0 },
  },
  {
    docId: 3,
    context: 'Question: Which characteristic describes the texture of a kitten\'s fur?\nAnswer:',
    choices: ['gray', 'warm', 'long', 'soft'],
    lls: ['-13.345029830932617', '-13.366025924682617', '-12.127134323120117', '-11.872495651245117'],
    target: '3',
    logged: { acc: 1.0, acc_norm: 1.0 },
  },
];
