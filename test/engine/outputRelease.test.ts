// Node releases a streamed chunk's dead pass outputs with a full collection once the passes have
// produced a slack of output bytes (docs/performance.md, "Memory while streaming"). The collection frees
// memory only: the scores must be the same bit for bit with it and without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import fs from 'node:fs';
import { createNodeEngine, exposedGc, nodeOutputRelease, RELEASE_SLACK_BYTES, withoutUnreadWeightReads } from '../../src/engine/node';
import { Engine } from '../../src/engine/engine';
import { passOutputBytes } from '../../src/engine/forward';
import { OutputRelease } from '../../src/engine/outputRelease';
import { DEFAULT_SCORE_OPTIONS } from '../../src/core/scoring/types';
import { expectIdenticalScores, streamStories } from './streamCompare';
import { MODELS_DIR } from '../paths';

describe('OutputRelease', () => {
  it('collects once the passes since the last collection produced the slack or more', () => {
    let produced = 100;
    const at: number[] = [];
    const r = new OutputRelease({ collect: () => at.push(produced), producedBytes: () => produced, slackBytes: 50 });
    produced = 149;
    expect(r.afterChunk()).toBe(false);
    produced = 150;
    expect(r.afterChunk()).toBe(true);
    // Counted from the last collection (150) on.
    produced = 199;
    expect(r.afterChunk()).toBe(false);
    expect(r.afterChunk()).toBe(false);
    produced = 260;
    expect(r.afterChunk()).toBe(true);
    expect(at).toEqual([150, 260]);
    expect(r.stats().collections).toBe(2);
    expect(r.stats().ms).toBeGreaterThanOrEqual(0);
  });
});

describe('the full collection in Node', () => {
  it('is had without --expose-gc, and frees dead ArrayBuffers', async () => {
    const gc = exposedGc();
    expect(typeof gc).toBe('function');
    // Made and dropped inside a function, so nothing here still holds them.
    const withDead = (() => {
      const dead = Array.from({ length: 8 }, () => new ArrayBuffer(8 << 20));
      if (dead.length !== 8) throw new Error('not made');
      return process.memoryUsage().arrayBuffers;
    })();
    gc!();
    // V8 may hand a freed backing store back a task later: a few more turns (each with a collection) at most.
    for (let turn = 0; turn < 20 && withDead - process.memoryUsage().arrayBuffers < 60 << 20; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc!();
    }
    expect(withDead - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(60 << 20);
    expect(nodeOutputRelease()).toBeInstanceOf(OutputRelease);
    expect(RELEASE_SLACK_BYTES).toBe(64 << 20);
  });

  it('counts the bytes of every pass output handed to JS', async () => {
    const e = await createNodeEngine({ kind: 'path', path: path.join(MODELS_DIR, 'stories260K') }, 'fp32');
    try {
      const before = passOutputBytes();
      await e.score({ context: 'Once upon a time', candidates: [' there was a cat.', ' a dog'], options: DEFAULT_SCORE_OPTIONS });
      // At least the logits of the context's last position and of the candidates' tokens (vocabulary 512, float32).
      expect(passOutputBytes() - before).toBeGreaterThanOrEqual(4 * 512 * 4);
    } finally {
      await e.unload();
    }
  });
});

/** A destroyed stream's last read and its close finish within a few event-loop turns: fails if file requests are still pending after `ms`. */
async function noFileReadsWithin(ms: number): Promise<void> {
  const t0 = performance.now();
  while (process.getActiveResourcesInfo().includes('FSReqCallback') && performance.now() - t0 < ms) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(process.getActiveResourcesInfo()).not.toContain('FSReqCallback');
}

describe('withoutUnreadWeightReads', () => {
  it('stops a weight file\'s stream that nobody reads once the load returns (as transformers.js leaves the model file), and no other', async () => {
    const weights = path.join(MODELS_DIR, 'bench-llama-6M', 'onnx', 'model.onnx');
    const config = path.join(MODELS_DIR, 'bench-llama-6M', 'config.json');
    let read = 0;
    let configText = '';
    const { result, stopped, unreadBytes, collected } = await withoutUnreadWeightReads(async () => {
      fs.createReadStream(weights).on('data', (chunk) => (read += chunk.length));
      // A stream that is read to its end during the load is left alone.
      configText = await new Promise<string>((resolve) => {
        let text = '';
        fs.createReadStream(config, 'utf8')
          .on('data', (c) => (text += c))
          .on('end', () => resolve(text));
      });
      return 'loaded';
    });
    expect(result).toBe('loaded');
    expect(stopped).toBe(1);
    // What it read is below the default threshold: no forced collection.
    expect(unreadBytes).toBeLessThan(RELEASE_SLACK_BYTES);
    expect(collected).toBe(false);
    expect(JSON.parse(configText)).toBeTypeOf('object');
    const at = read;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBe(at);
    expect(read).toBeLessThan(fs.statSync(weights).size);
    await noFileReadsWithin(1000);
  });

  it('collects what the stopped streams read once it reaches the threshold, and counts it', async () => {
    const weights = path.join(MODELS_DIR, 'bench-llama-6M', 'onnx', 'model.onnx');
    let read = 0;
    const { stopped, unreadBytes, collected } = await withoutUnreadWeightReads(async () => {
      fs.createReadStream(weights).on('data', (chunk) => (read += chunk.length));
      // Let it read a few chunks first.
      while (read < 3 * 65536) await new Promise((resolve) => setImmediate(resolve));
    }, 3 * 65536);
    expect(stopped).toBe(1);
    expect(unreadBytes).toBeGreaterThanOrEqual(read);
    expect(collected).toBe(exposedGc() !== null);
    await noFileReadsWithin(1000);
  });

  it('stops them when the load fails too', async () => {
    const weights = path.join(MODELS_DIR, 'bench-llama-6M', 'onnx', 'model.onnx');
    let stream: fs.ReadStream | undefined;
    await expect(
      withoutUnreadWeightReads(async () => {
        stream = fs.createReadStream(weights);
        stream.on('data', () => undefined);
        throw new Error('load failed');
      }),
    ).rejects.toThrow('load failed');
    expect(stream?.destroyed).toBe(true);
  });
});

describe('scores with and without the release between chunks', () => {
  const dir = { kind: 'path', path: path.join(MODELS_DIR, 'stories260K') } as const;
  let plain: Engine;
  let releasing: Engine;
  let release: OutputRelease;
  beforeAll(async () => {
    plain = await createNodeEngine(dir, 'fp32', { releaseOutputs: false });
    // A slack of 0: a collection after every chunk.
    release = nodeOutputRelease(0)!;
    releasing = new Engine(release);
    await releasing.configure({ useCache: false });
    await releasing.load({ source: dir, dtype: 'fp32', device: 'cpu' });
  });
  afterAll(async () => {
    await plain?.unload();
    await releasing?.unload();
  });

  it('gives identical log-probs, ranks and entropies on 30 streamed items, collecting after each of the 5 chunks', async () => {
    expect(plain.outputRelease()).toBeUndefined();
    const a = await streamStories(plain, 30, 5);
    const b = await streamStories(releasing, 30, 5);
    expect(release.stats().collections).toBe(5);
    expect(a).toHaveLength(30);
    const compared = expectIdenticalScores(a, b);
    expect(compared).toBe(120);
  });

  it('is on by default in the Node engine', async () => {
    const e = await createNodeEngine(dir, 'fp32');
    try {
      expect(e.outputRelease()).toBeInstanceOf(OutputRelease);
    } finally {
      await e.unload();
    }
  });
});
