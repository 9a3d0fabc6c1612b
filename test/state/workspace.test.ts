import { beforeEach, describe, expect, it } from 'vitest';
import { defaultWorkspace, snapshot, useWorkspace } from '../../src/state/workspace';
import { checkInput, parseCandidateList } from '../../src/state/inputCheck';
import { loadWorkspace, saveWorkspace, STORAGE_KEY } from '../../src/state/persist';
import { MAX_CANDIDATES } from '../../src/state/limits';

const ws = () => useWorkspace.getState();

describe('workspace store', () => {
  beforeEach(() => ws().replace({ ...defaultWorkspace(), candidates: ['a', 'b', 'c'], gold: 1 }));

  it('moves the gold mark with its candidate', () => {
    ws().moveCandidate(1, 1);
    expect(ws().candidates).toEqual(['a', 'c', 'b']);
    expect(ws().gold).toBe(2);
    ws().moveCandidate(0, -1); // no-op at the edge
    expect(ws().candidates).toEqual(['a', 'c', 'b']);
  });

  it('drops the gold mark when its candidate is removed, shifts it otherwise', () => {
    ws().removeCandidate(0);
    expect(ws().gold).toBe(0);
    ws().removeCandidate(0);
    expect(ws().gold).toBeNull();
    ws().removeCandidate(0); // never below one candidate
    expect(ws().candidates).toEqual(['c']);
  });

  it('keeps keys parallel to candidates', () => {
    const [ka, kb, kc] = ws().keys;
    ws().moveCandidate(0, 1);
    expect(ws().keys).toEqual([kb, ka, kc]);
    ws().addCandidate('d');
    expect(ws().keys.length).toBe(4);
    expect(new Set(ws().keys).size).toBe(4);
  });

  it('caps the number of candidates', () => {
    ws().setCandidates(Array.from({ length: MAX_CANDIDATES + 5 }, (_, i) => `c${i}`));
    expect(ws().candidates.length).toBe(MAX_CANDIDATES);
    ws().addCandidate('one more');
    expect(ws().candidates.length).toBe(MAX_CANDIDATES);
  });

  it('round-trips through a storage', () => {
    const store = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void store.set(k, v), getItem: (k: string) => store.get(k) ?? null };
    expect(saveWorkspace(snapshot(ws()), storage)).toBeNull();
    expect(loadWorkspace(storage)).toEqual({ ok: true, workspace: snapshot(ws()) });
    store.set(STORAGE_KEY, '{"v":1');
    expect(loadWorkspace(storage)).toEqual({ ok: false, error: 'the saved workspace is not valid JSON' });
    expect(loadWorkspace({ getItem: () => null })).toBeNull();
  });
});

describe('input check', () => {
  it('leaves out empty and oversized candidates with a message, keeps the rest', () => {
    const r = checkInput('ctx', [' a', '', 'x'.repeat(20_000), ' b']);
    expect(r.candidates).toEqual([' a', ' b']);
    expect(r.indices).toEqual([0, 3]);
    expect(r.problems.map((p) => p.candidate)).toEqual([1, 2]);
    expect(r.problems[0].message).toMatch(/Candidate 2 is empty/);
    expect(r.problems[1].message).toBe('Candidate 3 is 20,000 characters; the limit is 8,000, so it is not scored.');
  });

  it('counts code points, not UTF-16 units', () => {
    const r = checkInput('', ['😀'.repeat(8_000)]);
    expect(r.indices).toEqual([0]);
  });

  it('parses a pasted list as lines or as a JSON array', () => {
    expect(parseCandidateList(' Paris\r\n\n London\n')).toEqual([' Paris', ' London']);
    expect(parseCandidateList('[" A", "B "]')).toEqual([' A', 'B ']);
    expect(parseCandidateList('[not json\nsecond')).toEqual(['[not json', 'second']);
  });
});
