// The Scorer's second model in the workspace: it round-trips through a share link, a link without
// one is what it was before comparisons existed, and a bad one is refused naming the field.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import LZString from 'lz-string';
import { decodeWorkspaceHash, workspaceHash } from '../../src/state/urlState';
import { defaultWorkspace, snapshot, useWorkspace } from '../../src/state/workspace';
import { ALL_DTYPES } from '../../src/core/dtypes';

const FC_RUNS = Number(process.env.FC_RUNS ?? 100);

const choice = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,20}$/).map((name) => ({ kind: 'served' as const, name })),
  fc.tuple(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,10}$/), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,10}$/)).map(([o, n]) => ({ kind: 'hub' as const, id: `${o}/${n}` })),
);

describe('the comparison model in a link', () => {
  it('round-trips any model, dtype, device and chat template choice (each optional)', () => {
    const device = fc.option(fc.constantFrom('auto' as const, 'webgpu' as const, 'wasm' as const), { nil: undefined });
    const template = fc.option(fc.boolean(), { nil: undefined });
    fc.assert(
      fc.property(choice, fc.constantFrom(...ALL_DTYPES), device, template, (model, dtype, d, t) => {
        const ws = { ...defaultWorkspace(), compare: { model, dtype, ...(d === undefined ? {} : { device: d }), ...(t === undefined ? {} : { chatTemplate: t }) } };
        const r = decodeWorkspaceHash(workspaceHash(ws));
        expect(r).toEqual({ ok: true, workspace: ws });
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('is absent from a workspace without one, so such a link is unchanged', () => {
    const ws = defaultWorkspace();
    const r = decodeWorkspaceHash(workspaceHash(ws));
    expect(r.ok && 'compare' in r.workspace).toBe(false);
    useWorkspace.getState().replace(ws);
    expect('compare' in snapshot(useWorkspace.getState())).toBe(false);
    useWorkspace.getState().setCompare({ model: { kind: 'served', name: 'stories260K' }, dtype: 'q4' });
    expect(snapshot(useWorkspace.getState()).compare).toEqual({ model: { kind: 'served', name: 'stories260K' }, dtype: 'q4' });
    // Opening a link without a comparison closes the one the store held.
    useWorkspace.getState().replace(ws);
    expect('compare' in snapshot(useWorkspace.getState())).toBe(false);
  });

  it('refuses a bad comparison model, naming the field', () => {
    const bad = (compare: unknown) => '#s=' + LZString.compressToEncodedURIComponent(JSON.stringify({ ...defaultWorkspace(), compare }));
    expect(decodeWorkspaceHash(bad({ model: { kind: 'served', name: 'stories260K' }, dtype: 'q3' }))).toMatchObject({ ok: false, error: expect.stringMatching(/^the link's state is invalid: compare\.dtype: /) });
    expect(decodeWorkspaceHash(bad({ model: { kind: 'served', name: '../etc' }, dtype: 'fp32' }))).toMatchObject({ ok: false, error: expect.stringMatching(/compare\.model\.name/) });
    expect(decodeWorkspaceHash(bad({ model: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', device: 'cpu' }))).toMatchObject({ ok: false, error: expect.stringMatching(/compare\.device/) });
    expect(decodeWorkspaceHash(bad({ model: { kind: 'served', name: 'stories260K' }, dtype: 'fp32', chatTemplate: 'yes' }))).toMatchObject({ ok: false, error: expect.stringMatching(/compare\.chatTemplate/) });
  });
});
