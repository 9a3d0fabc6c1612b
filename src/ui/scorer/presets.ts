// Presets that teach: each sets up an item where the choice of rule matters (or, for letter
// keys, visibly does not) and says in two sentences what to look at.
import type { ModelChoice } from '../../state/workspaceSchema';
import type { Dtype } from '../../engine/types';

export interface Preset {
  id: string;
  title: string;
  context: string;
  candidates: string[];
  gold: number | null;
  unconditionalContext?: string;
  /** The model the preset was written for; loading the preset switches to it when set. */
  model?: { choice: ModelChoice; dtype: Dtype };
  /** Two sentences: what to notice. */
  notice: string;
}

const STORIES = { choice: { kind: 'served', name: 'stories260K' } as ModelChoice, dtype: 'fp32' as Dtype };

export const PRESETS: Preset[] = [
  {
    id: 'towel',
    title: 'The towel: three rules, three winners',
    context: 'Tim got out of the pool. He was wet and cold. His mom gave him a',
    candidates: [' hug.', ' big towel to dry himself, and he was happy.', ' shell.'],
    gold: 1,
    model: STORIES,
    notice:
      'A short wrong answer, a long right one and a rare-word wrong one: the raw sum rewards the shortest, per-byte rescues the long one, and per-token can be swayed by the rare word. Compare the first-token bars: every answer pays its opening token once, which length division forgives more for long answers.',
  },
  {
    id: 'growing',
    title: 'One fact, growing length',
    context: 'Lily went to the park. She saw a big',
    candidates: [' dog.', ' dog with a red ball.', ' dog that was barking at the birds in the tree.'],
    gold: null,
    model: STORIES,
    notice:
      'All three say the same thing at three lengths, so the raw sum ranks them by length alone. Watch the cumulative-cost chart: the lines share their opening jump and then climb at similar slopes, which is why bits per byte ranks them far more evenly.',
  },
  {
    id: 'letters',
    title: 'Letter keys: normalisation is a no-op',
    context: 'Question: What color is the sky?\nA. blue\nB. red\nC. green\nD. yellow\nAnswer:',
    candidates: [' A', ' B', ' C', ' D'],
    gold: 0,
    model: STORIES,
    notice:
      'Every answer is one letter with one leading space, so per-token, per-char and per-byte divide all four scores by the same number. All length rules must agree with the raw sum here, which is why acc and acc_norm coincide on letter-key benchmarks.',
  },
  {
    id: 'lily',
    title: 'Story: a name and a longer story',
    context: 'Once upon a time, there was a little girl named',
    candidates: [' Lily.', ' Lily. She loved to play outside in the park.', ' Tom.', ' a big red ball.'],
    gold: null,
    model: STORIES,
    notice:
      'stories260K knows this opening by heart: “Lily.” is cheap and the long continuation adds little after it. Look at the trace of the long answer: after the first few tokens most bars are short, so its per-byte score can beat the short answer.',
  },
  {
    id: 'mom',
    title: 'Story: quoted speech',
    context: 'Tom was sad. His mom said,',
    candidates: [' "Don\'t worry."', ' "It is okay, Tom. We can find your toy together."'],
    gold: null,
    model: STORIES,
    notice:
      'The context ends without a space and each answer brings its own, so no whitespace is moved. The opening quote mark is the first token of both answers: its cost is identical, and only what follows separates them.',
  },
];
