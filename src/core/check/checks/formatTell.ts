import { pct } from '../answerStrings';
import { FORMAT_PHRASES, type FormatProperty } from '../strings';
import { listFinding } from './findings';
import type { StringCheck } from './types';

/** One format property's tell: the gold alone differs in it from every distractor (three or more choices). */
export function formatTell(p: FormatProperty): StringCheck {
  const [has] = FORMAT_PHRASES[p];
  return {
    key: p,
    title: `Format tell: ${p.replace(/_/g, ' ')}`,
    section: 'format tells',
    needs: 'strings',
    json: `format_tells.${p}`,
    finds: `items with three or more choices whose gold alone differs in whether it ${has}; picking the odd one out against chance`,
    finding: (r) => {
      const t = r.format_tells[p];
      const odd = Number.isFinite(t.odd_one_out.accuracy)
        ? `; picking the odd one out scores ${pct(t.odd_one_out.accuracy)} against ${pct(t.odd_one_out.chance)} by chance`
        : '';
      return listFinding(
        t,
        (n) => `in ${n} with three or more choices the gold alone differs from every distractor in whether it ${has}${odd}`,
        t.n ? `the gold never alone differs in whether it ${has}${odd}` : 'no item with three or more choices and a gold',
      );
    },
    failOn: (r) => [{ kind: 'list', l: r.strings.format_tells[p] }],
  };
}
