// A Scorer snapshot as an app that predates a rule wrote it: the rule's candidate fields and its
// winner taken out, then compressed and decoded as a link would be. A later rule must open with
// its winner −1 and its fields NaN.
import LZString from 'lz-string';
import { decodeSnapshot, type ScorerSnapshot } from '../../src/state/snapshot';

export function decodeWithoutRule(snapshot: ScorerSnapshot, candidateFields: readonly string[], winner: string): ScorerSnapshot {
  const old = structuredClone(snapshot) as unknown as { result: { candidates: Record<string, unknown>[]; winners: Record<string, number> } };
  for (const c of old.result.candidates) for (const f of candidateFields) delete c[f];
  delete old.result.winners[winner];
  const back = decodeSnapshot(LZString.compressToEncodedURIComponent(JSON.stringify(old)));
  if (!back.ok || back.snapshot.kind !== 'scorer') throw new Error(back.ok ? 'kind' : back.error);
  return back.snapshot;
}
