// The lesson “Sharpness, PMI per byte, and what PriorBPB claims” (leftovers): its steps, each with its question's explanations beside it.
import { pct } from '../../common/format';
import type { Lesson } from '../types';
import { ask, curveAt, explained, pmiRows, sharpDelta, sharpRows, signedPoints, tracePick, traceSum } from './shared';

export const leftovers: Lesson = {
  id: 'leftovers',
  title: 'Sharpness, PMI per byte, and what PriorBPB claims',
  summary: 'Three more questions: what a temperature on the logits does to accuracy, what happens when PMI is also divided by bytes, and what it would take to test a metric’s claim to predict accuracy.',
  largerTitle: 'On a real fine-tuned model',
  larger:
    'Instruction tuning does more than a temperature: it changes which tokens a model ranks first, and it often moves the probability mass toward one answer format. A temperature is the pure case, where nothing the model ranks changes, so whatever accuracy does under it is sharpness alone. To check a real checkpoint, rescore the older one at a few temperatures: a change that one temperature reproduces is sharpness, not capability.',
  steps: [
    {
      id: 'sharpen',
      title: 'A temperature on the logits',
      revealTitle: 'Sharper, not wiser',
      body: [
        'A model’s next-token probabilities come from its logits z through softmax. Divide the logits by a *temperature* T before the softmax: below 1 the likely tokens get likelier (the distribution is *sharper*), above 1 it is flatter. The order of the tokens at every position stays the same, so what the model ranks first, everywhere, does not change. Fine-tuning a model to follow instructions (SFT) tends to make it more confident; a temperature is a clean stand-in for that part of what SFT does.',
        'The task: the 200 stories of the cloze sample, each with its own ending and the endings of three other stories as the wrong choices (four choices, of 2 to 150 bytes). Each is scored from the full distribution at every position, at nine temperatures from T = 0.25 to 4; the table shows T = 0.5, 1 and 2.',
      ],
      widget: { kind: 'sharpen', show: ['acc'] },
      question: explained(
        ask('At T = 0.5 nothing the model ranks first changes. What does acc (the raw sum) do on these 200 questions?', ['It stays within a point', 'It rises by more than 5 points', 'It falls by more than 5 points'], 1, (f) => {
          const d = sharpDelta(f);
          return !d ? -1 : Math.abs(d.acc) <= 0.01 ? 0 : d.acc > 0.05 ? 1 : d.acc < -0.05 ? 2 : -1;
        }),
        {
          0: 'A temperature keeps what the model ranks first at each position, but accuracy compares sums over whole answers, and every term of a sum changes with T. Tokens the model ranks first get nearly free, the others dearer, so the sums move and so can the winners.',
          2: 'Falling is what flattening does (T = 2): every token drifts towards the same cost, so the answer with fewer tokens wins more often. Sharpening goes the other way: predictable tokens become nearly free, so a long right ending stops paying for its length.',
        },
        ['sharper, not wiser', 'move its accuracy without learning anything'],
      ),
      after: [
        'Sharper, not wiser: a model can move its accuracy without learning anything.',
        (f) => {
          const d = sharpDelta(f);
          const r = sharpRows(f);
          if (!d || !r) return '';
          return `acc goes from ${pct(r.plain.acc)} to ${pct(r.sharp.acc)} (${signedPoints(d.acc)}) with no change in what the model ranks first. Accuracy compares whole answers’ sums, and a temperature changes every term of a sum: as T falls, a token’s log-prob tends to (z − z_max) / T, so a token the model ranks first becomes nearly free and every other one dearer. The sum then charges little for the stretches the model finds predictable, however long they are, and much more for the tokens it does not expect.`;
        },
        (f) => {
          if (f.kind !== 'sharpen' || !f.trace) return '';
          const t = f.trace;
          const w = tracePick(f, 1);
          const c = (i: number, T: number) => `${(traceSum(f, i, T) ?? NaN).toFixed(1)} bits`;
          const rise = (i: number) => (traceSum(f, i, 0.5) ?? NaN) - (traceSum(f, i, 1) ?? NaN);
          return `The token-by-token chart follows one story. At T = 1 its right ending, “${t.choices[t.gold].trim()}”, costs ${c(t.gold, 1)} and “${t.choices[w].trim()}” ${c(w, 1)}, so acc picks the wrong one; at T = 0.5 they cost ${c(t.gold, 0.5)} and ${c(w, 0.5)}. ${rise(t.gold) < rise(w) ? `The wrong ending’s cost rose by ${rise(w).toFixed(1)} bits, the right one’s by ${rise(t.gold).toFixed(1)}: sharpening charged most where the model expected other tokens.` : ''}`;
        },
      ],
      claims: [
        { text: 'At T = 0.5 acc rises by more than 5 points.', holds: (f) => (sharpDelta(f)?.acc ?? 0) > 0.05 },
        { text: 'At T = 2 (flatter) acc falls.', holds: (f) => { const r = sharpRows(f); return !!r && r.flat.acc < r.plain.acc; } },
        { text: 'Over the slider’s range acc never falls as T falls (from T = 4 down to 0.25).', holds: (f) => f.kind === 'sharpen' && f.curve.length === 9 && f.curve.every((r, i) => i === 0 || r.acc <= f.curve[i - 1].acc) },
        { text: 'On the traced story acc picks a wrong ending at T = 1 and the right one at T = 0.5.', holds: (f) => f.kind === 'sharpen' && !!f.trace && tracePick(f, 1) !== f.trace.gold && tracePick(f, 0.5) === f.trace.gold },
      ],
    },
    {
      id: 'rule-of-thumb',
      title: 'Same direction or opposite: a rule of thumb, tested',
      body: [
        'A rule of thumb for comparing two checkpoints: when acc and acc_norm move in the same direction the model probably changed in capability; when they move apart, in the sharpness or the format of its output distribution. Sharpening here is a change of sharpness alone. Move the temperature slider after the reveal to see the whole range, from T = 0.25 to 4.',
      ],
      widget: { kind: 'sharpen', show: ['acc', 'acc_norm'] },
      question: explained(
        ask('From T = 1 to T = 0.5, how does acc_norm move compared with acc?', ['Same direction, at least half as much', 'Same direction, less than half as much', 'Opposite direction, at least half as much', 'Opposite direction, less than half as much'], 1, (f) => {
          const d = sharpDelta(f);
          if (!d) return -1;
          const opposite = Math.sign(d.accNorm) !== Math.sign(d.acc) && d.accNorm !== 0;
          const small = Math.abs(d.accNorm) < Math.abs(d.acc) / 2;
          return (opposite ? 2 : 0) + (small ? 1 : 0);
        }),
        {
          0: 'acc_norm already divides the sum by the length, so most of the length charge that sharpening removes was gone from it before; the same sharpening moves it much less than acc.',
          2: 'The rule of thumb expects sharpness to move them apart, but on this model and task both rise: sharpening helps the right ending under either rule. What differs is how much.',
          3: 'The rule of thumb expects sharpness to move them apart, but on this model and task both rise: sharpening helps the right ending under either rule. The move is small, as you said, but upwards.',
        },
        ['in the same direction as acc, by less than half as much'],
      ),
      after: [
        (f) => {
          const d = sharpDelta(f);
          const r = sharpRows(f);
          if (!d || !r) return '';
          return `acc moves ${signedPoints(d.acc)} and acc_norm ${signedPoints(d.accNorm)}: the same direction, so the rule of thumb taken literally would call this capability, though nothing the model ranks changed. On stories260K the opposite-direction pattern does not appear; what gives sharpness away is the size of the moves. A likely reason: acc_norm divides by length, so the length charge that sharpening lowers weighed on it far less to begin with. Flattening (T = 2) moves both down by similar amounts (acc ${signedPoints(r.flat.acc - r.plain.acc)}, acc_norm ${signedPoints(r.flat.accNorm - r.plain.accNorm)}), which is what lost capability would look like, yet it is the same network. So neither the direction nor the sizes of the moves prove a change of capability: here sharpening moves them by very different amounts, flattening by similar ones, and both are sharpness alone. What the rule of thumb can do is raise the question; rescoring the older checkpoint at a few temperatures answers it (a change that one temperature reproduces is sharpness). Report both metrics; pick one per task family, and keep it across checkpoints.`;
        },
        (f) => {
          const [lo, one, hi] = [0.25, 1, 4].map((T) => curveAt(f, T));
          if (!lo || !one || !hi) return '';
          return `The slider shows the whole range. From T = 1 down to 0.25 acc climbs from ${pct(one.acc)} to ${pct(lo.acc)} while acc_norm stays between ${pct(Math.min(lo.accNorm, one.accNorm))} and ${pct(Math.max(lo.accNorm, one.accNorm))}; from T = 1 up to 4 acc_norm falls further than acc (${pct(one.accNorm)} to ${pct(hi.accNorm)}, against ${pct(one.acc)} to ${pct(hi.acc)}). Which metric moves, and by how much, depends on where the network starts and which way its temperature goes, not on what it knows.`;
        },
      ],
      claims: [
        { text: 'From T = 1 to T = 0.5, acc_norm moves in the same direction as acc, by less than half as much.', holds: (f) => { const d = sharpDelta(f); return !!d && d.acc > 0 && d.accNorm >= 0 && d.accNorm < d.acc / 2; } },
        { text: 'At T = 2 (flatter) acc and acc_norm both fall.', holds: (f) => { const r = sharpRows(f); return !!r && r.flat.acc < r.plain.acc && r.flat.accNorm < r.plain.accNorm; } },
        {
          text: 'From T = 1 down to 0.25 acc changes by more than 10 points and acc_norm by less than 3; from T = 1 up to 4 both fall, acc_norm by more points than acc.',
          holds: (f) => {
            const [lo, one, hi] = [0.25, 1, 4].map((T) => curveAt(f, T));
            if (!lo || !one || !hi) return false;
            return Math.abs(lo.acc - one.acc) > 0.1 && Math.abs(lo.accNorm - one.accNorm) < 0.03 && hi.acc < one.acc && hi.accNorm < one.accNorm && one.accNorm - hi.accNorm > one.acc - hi.acc;
          },
        },
      ],
    },
    {
      id: 'pmi-per-byte',
      title: 'PMI, divided by bytes',
      revealTitle: 'Do not stack PMI on bytes',
      body: [
        'PMI subtracts an answer’s cost with no context, which looks as if it takes the cost of being a long string out of the score. One could also divide it by the answer’s bytes, as acc_bytes does with the sum; lm-eval-harness offers no such rule.',
        'The 30 full-text story questions of the letter-key lesson: their wrong choices are much longer or much shorter than the right one.',
      ],
      widget: { kind: 'pmiBytes' },
      question: explained(
        ask('Divide PMI by each answer’s bytes. Which answers does the result pick most often?', ['Neither clearly more often', 'The shortest choice', 'The longest choice'], 1, (f) => {
          const r = pmiRows(f);
          if (!r) return -1;
          const pb = r.perByte;
          return pb.shortest > 0.4 ? 1 : pb.longest > 0.4 ? 2 : 0;
        }),
        {
          0: 'PMI removes the answer’s cost with no context, but what is left is still a sum over its tokens: a long answer the context fits collects a gain on every token. Dividing that by bytes hands the advantage to the short answers.',
          2: 'PMI alone leans to the long choices (its gain is summed over tokens). Dividing by bytes takes that lean away and more: a short answer’s gain, spread over few bytes, is large per byte.',
        },
        ['do not stack PMI on bytes', 'stacked into a new bias'],
      ),
      after: [
        (f) => {
          const r = pmiRows(f);
          if (!r || f.kind !== 'pmiBytes') return '';
          const n = (x: number) => Math.round(x * f.items);
          return `PMI alone picks the longest choice on ${n(r.pmi.longest)} of ${f.items} questions: what is left after the subtraction is still a sum over the answer’s tokens, and each token the context makes likelier adds to it. Divided by bytes it picks the shortest on ${n(r.perByte.shortest)} and the longest on ${n(r.perByte.longest)}, while the right answer is a shortest choice on only ${Math.round(f.goldShortest * f.items)} (ties counted). Dividing a difference of two sums by bytes does not take the last length effect out; it turns it around, here from long to short, and accuracy falls from ${pct(r.pmi.accuracy)} to ${pct(r.perByte.accuracy)}.`;
        },
        'Two corrections can be stacked into a new bias: do not stack PMI on bytes. Pick one correction and report which.',
      ],
      claims: [
        { text: 'PMI picks the longest choice on more than half of the questions.', holds: (f) => (pmiRows(f)?.pmi.longest ?? 0) > 0.5 },
        { text: 'PMI per byte never picks the longest choice and picks the shortest more often than the right answer is the shortest.', holds: (f) => { const r = pmiRows(f); return !!r && f.kind === 'pmiBytes' && r.perByte.longest === 0 && r.perByte.shortest > f.goldShortest; } },
        { text: 'PMI per byte is less accurate than PMI.', holds: (f) => { const r = pmiRows(f); return !!r && r.perByte.accuracy < r.pmi.accuracy; } },
      ],
    },
    {
      id: 'prior-bpb-claim',
      title: 'PriorBPB’s claim, and what it would take to check it',
      body: [
        'The paper that proposes PriorBPB is titled “PriorBPB: Reducing the Answer Length Confound of Bits-per-Byte While Improving Accuracy Prediction” (Burns et al., 2026; the estimator is in eval-framework’s pull request #881). Its first claim is that PriorBPB reduces BPB’s answer-length confound; lesson 4 showed the mechanism it rests on (the length assumption becomes a stated μ instead of an accident of the task), not the confound removed from a comparison. Its second is that PriorBPB predicts a model’s downstream accuracy better than plain BPB.',
        'The paper’s text and its figure were not available when these lessons were written, so this step quotes no number from them. What a check needs: many models or checkpoints, each scored for BPB, for PriorBPB and for accuracy on the same tasks, and a comparison of how well each predicts the accuracy.',
      ],
      widget: { kind: 'sharpen', show: ['acc', 'acc_norm'] },
      question: explained(
        ask('The three temperatures give three “models” of one network. Could their table test the claim that a metric predicts accuracy?', ['Yes, if the metric follows their three accuracies', 'Only with more temperatures', 'No'], 2, (f) => (sharpRows(f) ? 2 : -1)),
        {
          0: 'The three rows come from one network; only the temperature differs. Whatever metric follows their accuracies is following sharpness, which the previous steps showed moves accuracy without any change in what the model knows.',
          1: 'More temperatures give more rows, but every row is still the same network made sharper or flatter. A metric could follow all of them and still say nothing about what a model has learned; the check needs models that differ in training.',
        },
        ['one 260K-parameter model cannot do that', 'needs more than one model to test'],
      ),
      after: ['No: one 260K-parameter model cannot do that. A claim to predict accuracy needs more than one model to test, and the three rows differ only in sharpness, the very thing that moves accuracy without capability. A metric that tracks sharpness would “predict” these three accuracies without saying anything about what a model knows. Evidence for a predictive claim comes from checkpoints that differ in training, across tasks; read the paper’s figure with that question in mind.'],
    },
  ],
};
