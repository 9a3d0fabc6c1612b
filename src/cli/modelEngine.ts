// The engine for a command's --model: the argument read as a model source (a folder or a hub id;
// one that cannot be is an input error, exit 1) and the model loaded. The engine's modules load
// only here, so a command that runs without a model never starts onnxruntime.
import { InputError } from './errors';
import type { Dtype, Engine } from '../engine/nodeFace';

export async function openModelEngine(model: string, dtype: Dtype): Promise<Engine> {
  const { createNodeEngine, modelSourceFromArg } = await import('../engine/nodeFace');
  let source;
  try {
    source = modelSourceFromArg(model);
  } catch (err) {
    throw new InputError((err as Error).message);
  }
  return createNodeEngine(source, dtype);
}
