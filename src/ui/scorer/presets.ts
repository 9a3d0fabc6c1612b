// Presets that teach: each sets up an item where the choice of rule matters (or, for letter
// keys, visibly does not) and says in two sentences what to look at.
import type { ModelChoice } from '../../state/workspaceSchema';
import type { Dtype } from '../../state/engine';
import { defaultWorkspace } from '../../state/workspace';

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
    context: defaultWorkspace().context,
    candidates: defaultWorkspace().candidates,
    gold: defaultWorkspace().gold,
    model: STORIES,
    notice:
      'A short wrong answer, a long right one and a rare-word wrong one: on stories260K the raw sum picks “hat”, per-byte picks the towel, and per-token picks “zebra”. Look at zebra’s trace: the model has to spell the rare word in many small pieces, and once the first is paid the rest are cheap, which pulls its per-token average down.',
  },
  {
    id: 'growing',
    title: 'One fact, growing length',
    context: 'Lily went to the park. She saw a big',
    candidates: [' dog.', ' dog with a red ball.', ' dog that was barking at the birds in the tree.'],
    gold: null,
    model: STORIES,
    notice:
      'The three answers say the same thing at growing length, and the raw sum simply prefers the shortest. Every length rule picks the middle one instead: in the cumulative-cost chart all lines share the opening “ dog” jump, and the middle one climbs most gently after it.',
  },
  {
    id: 'letters',
    title: 'Letter keys: normalisation is a no-op',
    context: 'Question: What color is the sky?\nA. blue\nB. red\nC. green\nD. yellow\nAnswer:',
    candidates: [' A', ' B', ' C', ' D'],
    gold: 0,
    model: STORIES,
    notice:
      'Every answer is a space and one letter, so per-char and per-byte divide all four sums by the same number and cannot change the winner: acc and acc_norm coincide on letter-key benchmarks. Only PMI, which asks how much the question raised each letter’s probability, can pick differently (and stories260K, which splits “ A” into two tokens, shows why per-token is not always a no-op).',
  },
  {
    id: 'lily',
    title: 'Story: a name and a longer story',
    context: 'Once upon a time, there was a little girl named',
    candidates: [' Lily.', ' Lily. She loved to play outside in the park.', ' Tom.', ' a big red ball.'],
    gold: null,
    model: STORIES,
    notice:
      'stories260K knows this opening by heart, so “ Lily.” wins under the sum and every length rule; only PMI, which subtracts what the model expects with no context at all, prefers the long story. Hover the long answer’s bars: after “ Lily” most tokens cost well under a bit each.',
  },
  {
    id: 'mom',
    title: 'Story: quoted speech',
    context: 'Tom was sad. His mom said,',
    candidates: [' "Don\'t worry."', ' "It is okay, Tom. We can find your toy together."'],
    gold: null,
    model: STORIES,
    notice:
      'The raw sum picks the short reply, while per-token, per-char and per-byte all pick the long one. Both answers open with the same quote-mark token, so their first-token bits are equal and the whole difference comes after it.',
  },
];
