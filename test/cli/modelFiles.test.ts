// Issue 25 items 5, 6, 11, 12 through the CLI: a model folder with a bad window, a tokenizer that
// can produce ids the model has no logit for, or a config/tokenizer of the wrong shape is refused
// in one stderr line naming the file; a failure inside transformers.js or ONNX Runtime is one line.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';
import { runCli } from './run';
import { MODELS_DIR } from '../paths';
import { withQuietLibraries } from '../../src/cli/libraryConsole';

const STORIES = path.join(MODELS_DIR, 'stories260K');
const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-model-files-'));

function variant(name: string, file: string, change: (json: Record<string, unknown>) => unknown): string {
  const folder = path.join(dir, name);
  cpSync(STORIES, folder, { recursive: true });
  const p = path.join(folder, file);
  writeFileSync(p, JSON.stringify(change(JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>)));
  return folder;
}
const score = (model: string) => runInProcess(['score', '--model', model, '--context', 'Once', '--candidate', ' upon']);

describe('model files checked at load', () => {
  it('a window of 0, below 0 or fractional is refused naming config.json and the field', async () => {
    for (const w of [0, -1, 8.5]) {
      const folder = variant(`window-${w}`, 'config.json', (c) => ({ ...c, max_position_embeddings: w }));
      expect(expectOneLineError(await score(folder))).toBe(
        `lengthlens score: model folder "${folder}": config.json: "max_position_embeddings" is ${w}, not a positive whole number of tokens (the model's context window)`,
      );
    }
  });
  it('config.json that is [] or null, tokenizer.json with "model": null', async () => {
    for (const [name, file, value, want] of [
      ['config-list', 'config.json', [], 'config.json is a list, not an object of model settings'],
      ['config-null', 'config.json', null, 'config.json is null, not an object of model settings'],
      ['tokenizer-model-null', 'tokenizer.json', 'model-null', 'tokenizer.json has no "model" object (got null)'],
    ] as const) {
      const folder = variant(name, file, (j) => (value === 'model-null' ? { ...j, model: null } : value));
      expect(expectOneLineError(await score(folder))).toContain(`model folder "${folder}": ${want}`);
    }
  });
  it('a tokenizer token id outside the vocabulary is refused in one line naming the token (child process: ONNX Runtime logs to fd 2)', () => {
    const folder = variant('oov', 'tokenizer.json', (t) => ({ ...t, added_tokens: [...(t.added_tokens as unknown[]), { id: 600, content: '<extra>', special: false }] }));
    for (const args of [['--context', 'Once <extra> upon', '--candidate', ' a time'], ['--context', 'Once', '--candidate', ' <extra>']]) {
      const r = runCli(['score', '--model', folder, ...args]);
      expect(expectOneLineError(r)).toBe(
        `lengthlens score: model "${folder}": tokenizer.json's token "<extra>" has id 600, outside the model's vocabulary of 512 logits (ids 0 to 511): the tokenizer does not match the model`,
      );
    }
  });
});

describe('library console output while a command runs', () => {
  it('is dropped (the thrown error is the one line), and restored afterwards', async () => {
    const calls: unknown[][] = [];
    const saved = console.error;
    console.error = (...a: unknown[]) => void calls.push(a);
    try {
      await expect(
        withQuietLibraries(async () => {
          console.error('An error occurred during model execution');
          console.error('Inputs given to model:', { input_ids: { dims: [1, 6] } });
          throw new Error('Gather failed');
        }),
      ).rejects.toThrow('Gather failed');
      expect(calls).toEqual([]);
      console.error('after');
      expect(calls).toEqual([['after']]);
    } finally {
      console.error = saved;
    }
  });
});
