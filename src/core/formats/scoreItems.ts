// The `lengthlens score --items` file: one JSON object per line, {"context": ..., "candidates": [...]}.
import { z } from 'zod';

export const ScoreItemSchema = z.object({
  context: z.string(),
  candidates: z.array(z.string()).min(1, 'needs at least one candidate'),
});
export type ScoreItemInput = z.infer<typeof ScoreItemSchema>;

export interface LineError {
  line: number;
  reason: string;
}

/** Parse every non-blank line; bad lines are reported with their 1-based number, good ones kept. */
export function parseScoreItems(text: string): { items: ScoreItemInput[]; errors: LineError[] } {
  const items: ScoreItemInput[] = [];
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      errors.push({ line: i + 1, reason: `not valid JSON (${(e as Error).message})` });
      return;
    }
    const r = ScoreItemSchema.safeParse(value);
    if (r.success) items.push(r.data);
    else errors.push({ line: i + 1, reason: r.error.issues.map((x) => `${x.path.join('.') || 'item'}: ${x.message}`).join('; ') });
  });
  return { items, errors };
}
