import { describe, expect, it } from 'vitest';
import type { LegendPayload } from 'recharts';
import { inDrawingOrder } from '../../../src/ui/common/legendOrder';

const item = (value: string) => ({ value }) as LegendPayload;

describe('legend items in drawing order', () => {
  it('ranks items by the drawing order, not alphabetically; unknown names go last', () => {
    const key = inDrawingOrder(['short-heavy mix', 'long-heavy mix']);
    const sorted = ['long-heavy mix', 'other', 'short-heavy mix'].map(item).sort((a, b) => key(a) - key(b));
    expect(sorted.map((i) => i.value)).toEqual(['short-heavy mix', 'long-heavy mix', 'other']);
    expect(inDrawingOrder(['T = 1', 'T = 0.5'])(item('T = 0.5'))).toBe(1);
  });
});
