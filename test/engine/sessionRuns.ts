// Watching the passes a model's ONNX Runtime session runs: its feeds and outputs, for tests that
// count passes or check their shapes.
import type { PreTrainedModel } from '@huggingface/transformers';
import { decoderSession } from '../../src/engine/transformersAdapter';

type Shaped = Record<string, { dims: readonly number[] }>;
type Run = (feeds: Shaped, ...rest: unknown[]) => Promise<Shaped>;

/** Calls `listener` after every pass the model's decoder session runs, with its feeds and outputs. */
export function onSessionRun(model: PreTrainedModel, listener: (feeds: Shaped, outputs: Shaped) => void): void {
  const session = decoderSession(model) as unknown as { run: Run };
  const run = session.run.bind(session);
  session.run = async (feeds, ...rest) => {
    const out = await run(feeds, ...rest);
    listener(feeds, out);
    return out;
  };
}
