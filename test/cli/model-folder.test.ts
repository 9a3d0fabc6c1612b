// Issue 12 (defects 14, 17, 19): a model folder missing a file, or with a broken one, is named
// with the file; a mistyped folder that looks like a hub id says so; --chat-template on a model
// without a template warns.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneLineError } from './oneLineError';
import { runInProcess } from './inProcess';
import { MODELS_DIR } from '../paths';

const STORIES = path.join(MODELS_DIR, 'stories260K');
const dir = mkdtempSync(path.join(tmpdir(), 'lengthlens-folders-'));

function variant(name: string, change: (folder: string) => void): string {
  const folder = path.join(dir, name);
  cpSync(STORIES, folder, { recursive: true });
  change(folder);
  return folder;
}
const score = (model: string, ...more: string[]) => runInProcess(['score', '--model', model, '--context', 'Once', '--candidate', ' upon', ...more]);

describe('model folders (defect 14)', () => {
  it('a missing tokenizer_config.json, config.json, tokenizer.json or onnx file is named with its folder', async () => {
    for (const file of ['tokenizer_config.json', 'config.json', 'tokenizer.json', 'onnx/model.onnx']) {
      const folder = variant(`no-${file.replace('/', '-')}`, (f) => rmSync(path.join(f, file)));
      const suffix = file.startsWith('onnx/') ? ' (the fp32 file; it has q8, q4)' : '';
      expect(expectOneLineError(await score(folder))).toBe(`lengthlens score: model folder "${folder}" is missing ${file}${suffix}`);
    }
  });
  it('an empty folder lists what a model folder needs', async () => {
    const folder = path.join(dir, 'empty');
    mkdirSync(folder);
    expect(expectOneLineError(await score(folder))).toMatch(
      new RegExp(`model folder ".*empty" has none of config.json, tokenizer.json, tokenizer_config.json or onnx/model.onnx \\(is it a transformers.js model folder\\?\\)`),
    );
  });
  it('a broken tokenizer.json is named', async () => {
    const folder = variant('bad-tokenizer', (f) => writeFileSync(path.join(f, 'tokenizer.json'), '{"model": '));
    expect(expectOneLineError(await score(folder))).toMatch(/model folder ".*bad-tokenizer": tokenizer\.json is not valid JSON/);
  });
  it('the dtype file missing names the dtype too', async () => {
    expect(expectOneLineError(await score(STORIES, '--dtype', 'fp16'))).toMatch(/is missing onnx\/model_fp16\.onnx \(the fp16 file; it has fp32, q8, q4\)$/);
  });
});

describe('a mistyped folder that looks like a hub id (defect 17)', () => {
  it('says that no such folder exists and that the hub could not be reached', async () => {
    const prev = process.env.LENGTHLENS_REMOTE_HOST;
    process.env.LENGTHLENS_REMOTE_HOST = 'http://127.0.0.1:9/';
    try {
      const msg = expectOneLineError(await score('modelz/stories260K'));
      expect(msg).toMatch(/no folder "modelz\/stories260K" here, and as a hub id it could not be downloaded: the hub .* could not be reached/);
    } finally {
      if (prev === undefined) delete process.env.LENGTHLENS_REMOTE_HOST;
      else process.env.LENGTHLENS_REMOTE_HOST = prev;
    }
  });
});

describe('--chat-template on a model without a chat template (defect 19)', () => {
  it('warns on stderr and in the result, and scores the raw context', async () => {
    const r = await score(STORIES, '--chat-template', '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`warning: ${STORIES} has no chat template; --chat-template is ignored and the context is scored raw\n`);
    const raw = await score(STORIES, '--json');
    const sum = (s: string) => (JSON.parse(s) as { items: { candidates: { sum_logprob: number }[] }[] }).items[0].candidates[0].sum_logprob;
    expect(sum(r.stdout)).toBe(sum(raw.stdout));
    const warnings = (JSON.parse(r.stdout) as { items: { warnings: { code: string }[] }[] }).items[0].warnings;
    expect(warnings.map((w) => w.code)).toContain('no_chat_template');
  });
});
