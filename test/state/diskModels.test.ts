import { describe, expect, it } from 'vitest';
import { addModelFolder, describeFolder, diskModelName, diskSource, useDiskModels } from '../../src/state/diskModels';

/** A File as a directory picker yields it: its path inside the picked folder in webkitRelativePath. */
function picked(rel: string, size = 3): File {
  const f = new File(['x'.repeat(size)], rel.split('/').pop()!);
  Object.defineProperty(f, 'webkitRelativePath', { value: rel });
  return f;
}

const MODEL = ['my model/config.json', 'my model/tokenizer.json', 'my model/tokenizer_config.json', 'my model/onnx/model.onnx', 'my model/onnx/model_q4.onnx'];

describe('model folders from disk', () => {
  it('reads the dtypes a folder ships from its onnx files', () => {
    expect(describeFolder(MODEL.map((p) => picked(p)))).toEqual({ folder: 'my model', dtypes: ['fp32', 'q4'] });
  });

  it('names what a folder that is not a model lacks', () => {
    expect(() => describeFolder([picked('notes/readme.txt')])).toThrow('“notes” is not a transformers.js model: it has no config.json, tokenizer.json, tokenizer_config.json');
    expect(() => describeFolder(MODEL.slice(0, 3).map((p) => picked(p)))).toThrow(/“my model” has no ONNX model \(looked for onnx\/model\.onnx/);
    expect(() => describeFolder([])).toThrow('the folder is empty');
  });

  it('registers a folder under a schema-safe name and hands its files to the engine', () => {
    const files = MODEL.map((p) => picked(p, 10));
    const m = addModelFolder(files)!;
    expect(m.name).toBe('disk-my_model');
    expect(diskModelName('../..')).toBe('disk-model');
    expect(m.bytes).toBe(50);
    expect(useDiskModels.getState().models['disk-my_model']).toBe(m);
    expect(diskSource(m)).toEqual({ kind: 'files', name: 'my model', files });
    expect(addModelFolder([picked('x/a.txt')])).toBeNull();
    expect(useDiskModels.getState().error).toMatch(/“x” is not a transformers.js model/);
  });
});
