// A temperature on a model's next-token logits: log softmax(z / T). T < 1 sharpens the
// distribution (the likely token gets likelier), T > 1 flattens it; the order of the tokens at a
// position, and so the model's top choice there, never changes. The lessons use it as a stand-in
// for what fine-tuning often does to a model's confidence without changing what it ranks first.

/** log softmax(logits / T) at `id`, in nats (computed with the maximum subtracted, so it never overflows). */
export function temperedLogprob(logits: ArrayLike<number>, id: number, T: number): number {
  if (!(T > 0) || !Number.isFinite(T)) throw new RangeError(`temperature must be a positive finite number, got ${T}`);
  if (!Number.isInteger(id) || id < 0 || id >= logits.length) throw new RangeError(`token id ${id} is outside the ${logits.length} logits`);
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) if (logits[i] > max) max = logits[i];
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += Math.exp((logits[i] - max) / T);
  return (logits[id] - max) / T - Math.log(sum);
}
