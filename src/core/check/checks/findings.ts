// The two shapes a check's finding takes: a share against chance, and a list of items.
import type { ShareVsChance } from '../answerStrings';
import type { ItemList } from '../listed';
import type { FindingBody } from './types';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** Flagged when the 95% interval lies above chance; info when there is nothing to measure. */
export function shareFinding(s: ShareVsChance): FindingBody {
  return {
    status: s.n === 0 ? 'info' : s.against === 'above' ? 'flag' : 'ok',
    verdict: s.verdict,
    ...(s.n ? { interval: s.interval, share: s.share, chance: s.expected } : {}),
  };
}

/** Flagged when any item is listed; `found(n, have)` words the count ("3 items of 40", "has"/"have"). */
export function listFinding(l: ItemList, found: (n: string, have: string) => string, none: string): FindingBody {
  const n = `${plural(l.count, 'item')} of ${l.n.toLocaleString('en')}`;
  return { status: l.count > 0 ? 'flag' : 'ok', verdict: l.count > 0 ? found(n, l.count === 1 ? 'has' : 'have') : none, items: l };
}
