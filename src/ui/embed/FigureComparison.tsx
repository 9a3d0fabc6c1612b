// A figure's comparison part: the second model beside the first (loaded only where it is shown).
import { useMemo } from 'react';
import { compareItems } from '../../core/compare/agreement';
import type { ItemScore } from '../../core/scoring/types';
import type { Units } from '../../state/workspaceSchema';
import { ComparisonView } from '../scorer/ComparisonView';

export default function FigureComparison(props: { result: ItemScore; other: ItemScore; indices: number[]; labelA: string; labelB: string; units?: Units }) {
  const { result, other, indices, labelA, labelB, units } = props;
  const comparison = useMemo(() => compareItems(result, other), [result, other]);
  return (
    <section className="model-compare" aria-labelledby="compare-title" data-testid="model-compare">
      <h2 id="compare-title">Two models compared</h2>
      <p className="small muted" data-testid="compare-status" data-status="ready">
        First: {labelA}; second: {labelB}.
      </p>
      <ComparisonView comparison={comparison} result={result} other={other} indices={indices} labelA={labelA} labelB={labelB} units={units} />
    </section>
  );
}
