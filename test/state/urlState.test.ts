import { describe, expect, it } from 'vitest';
import LZString from 'lz-string';
import { decodeWorkspaceHash, encodeWorkspace, workspaceHash, HASH_PREFIX } from '../../src/state/urlState';
import { defaultWorkspace } from '../../src/state/workspace';
import { MAX_LINK_CHARS, MAX_STATE_JSON_CHARS } from '../../src/state/limits';
import type { Workspace } from '../../src/state/workspaceSchema';

const hashOf = (value: unknown) => HASH_PREFIX + LZString.compressToEncodedURIComponent(JSON.stringify(value));

describe('URL state', () => {
  it('round-trips a workspace with awkward text exactly', () => {
    const ws: Workspace = {
      ...defaultWorkspace(),
      model: { kind: 'hub', id: 'HuggingFaceTB/SmolLM2-135M-Instruct' },
      dtype: 'q4',
      device: 'wasm',
      context: 'Q: “quotes”, emoji 😀, CJK 漢字, tabs\tand\nnewlines  ',
      candidates: [' A', '  spaces  ', '<script>alert(1)</script>', 'é'],
      gold: 2,
      boundaryPolicy: 'separate',
      unconditionalContext: 'Answer:',
      chatTemplate: true,
      units: 'nats',
    };
    const hash = workspaceHash(ws);
    expect(hash.startsWith('#s=')).toBe(true);
    const back = decodeWorkspaceHash(hash);
    expect(back).toEqual({ ok: true, workspace: ws });
  });

  it('keeps the link short for a typical item', () => {
    expect(encodeWorkspace(defaultWorkspace()).length).toBeLessThan(400);
  });

  const bad: [string, string, RegExp][] = [
    ['no state', '#/', /no Scorer state/],
    ['empty payload', '#s=', /empty/],
    ['foreign characters', '#s=abc<def>', /characters/],
    ['truncated', workspaceHash(defaultWorkspace()).slice(0, 40), /decompressed|JSON|cut/],
    ['not JSON', HASH_PREFIX + LZString.compressToEncodedURIComponent('{oops'), /not valid JSON/],
    ['wrong version', hashOf({ ...defaultWorkspace(), v: 2 }), /^the link's state is invalid: v:/],
    ['no candidates', hashOf({ ...defaultWorkspace(), candidates: [] }), /candidates/],
    ['candidate not a string', hashOf({ ...defaultWorkspace(), candidates: [1, 2] }), /candidates\.0/],
    ['gold out of range', hashOf({ ...defaultWorkspace(), gold: 7 }), /gold index 7/],
    ['unknown dtype', hashOf({ ...defaultWorkspace(), dtype: 'int3' }), /dtype/],
    ['hub id with markup', hashOf({ ...defaultWorkspace(), model: { kind: 'hub', id: '<img src=x onerror=alert(1)>/x' } }), /model\.id/],
    ['served name escaping the folder', hashOf({ ...defaultWorkspace(), model: { kind: 'served', name: '../secret' } }), /model\.name/],
    ['a disk path (cannot be shared)', hashOf({ ...defaultWorkspace(), model: { kind: 'path', path: '/etc' } }), /model/],
  ];
  for (const [name, hash, why] of bad) {
    it(`rejects a malformed link: ${name}`, () => {
      const r = decodeWorkspaceHash(hash);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(why);
    });
  }

  it('rejects an oversized link before decompressing it', () => {
    const r = decodeWorkspaceHash(HASH_PREFIX + 'A'.repeat(MAX_LINK_CHARS + 1));
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/too long \(60,001 characters; the limit is 60,000\)/) });
  });

  it('rejects a small link that expands past the limit (a compression bomb)', () => {
    const hash = hashOf({ ...defaultWorkspace(), context: 'x'.repeat(MAX_STATE_JSON_CHARS) });
    expect(hash.length).toBeLessThan(MAX_LINK_CHARS);
    const r = decodeWorkspaceHash(hash);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/expands to/);
  });
});
